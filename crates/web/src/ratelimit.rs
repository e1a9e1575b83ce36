//! Rate limits per client: token buckets in memory, one for every request that changes
//! something and one for creating games (each new game is a row on disk and may start a search).
//! Generous for a person playing; a script hammering a public server is told to wait (429).
//! The table of clients is bounded: idle clients are forgotten first, then the longest unseen.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A bucket's size and how fast it fills again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Requests allowed at once after a pause.
    pub burst: u32,
    /// Requests allowed a minute in the long run.
    pub per_minute: u32,
}

impl Rate {
    fn per_second(self) -> f64 {
        f64::from(self.per_minute) / 60.0
    }

    /// How long an empty bucket takes to fill.
    fn refill_time(self) -> Duration {
        if self.per_minute == 0 {
            return Duration::MAX;
        }
        Duration::from_secs_f64(f64::from(self.burst) / self.per_second())
    }
}

/// The limits a server applies; `None` turns a limit off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimits {
    /// Every POST (or other state-changing request) of a client.
    pub writes: Option<Rate>,
    /// New games of a client (counted in `writes` as well).
    pub creations: Option<Rate>,
}

impl Default for RateLimits {
    /// A move a second for two minutes on end, or a new game every ten seconds after the first
    /// twenty: far beyond anyone playing, well below what fills a disk or a processor.
    fn default() -> Self {
        RateLimits {
            writes: Some(Rate {
                burst: 120,
                per_minute: 60,
            }),
            creations: Some(Rate {
                burst: 20,
                per_minute: 6,
            }),
        }
    }
}

impl RateLimits {
    pub fn off() -> RateLimits {
        RateLimits {
            writes: None,
            creations: None,
        }
    }
}

/// The clients remembered at most.
const MAX_CLIENTS: usize = 10_000;

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(rate: Rate, now: Instant) -> Bucket {
        Bucket {
            tokens: f64::from(rate.burst),
            at: now,
        }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second()).min(f64::from(rate.burst));
        self.at = now;
    }

    /// How long until one token is there (zero if one is there now).
    fn wait(&self, rate: Rate) -> Duration {
        if self.tokens >= 1.0 {
            Duration::ZERO
        } else if rate.per_minute == 0 {
            Duration::MAX
        } else {
            Duration::from_secs_f64((1.0 - self.tokens) / rate.per_second())
        }
    }
}

struct Client {
    writes: Bucket,
    creations: Bucket,
    seen: Instant,
}

pub struct Limiter {
    limits: RateLimits,
    clients: Mutex<HashMap<IpAddr, Client>>,
}

/// The key of a client: its IPv4 address, or its IPv6 /64 network (one host of IPv6 commonly has
/// a whole /64 to pick addresses from).
fn key(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

impl Limiter {
    pub fn new(limits: RateLimits) -> Limiter {
        Limiter {
            limits,
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a state-changing request of `addr` (a game creation if `creates`): `Err` with the
    /// time to wait when the client is over a limit (and then nothing is counted).
    pub fn check(&self, addr: IpAddr, creates: bool, now: Instant) -> Result<(), Duration> {
        let RateLimits { writes, creations } = self.limits;
        if writes.is_none() && (creations.is_none() || !creates) {
            return Ok(());
        }
        // A poisoned lock only means a panic elsewhere mid-count: the counts are still usable.
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        let key = key(addr);
        if !clients.contains_key(&key) && clients.len() >= MAX_CLIENTS {
            self.forget_some(&mut clients, now);
        }
        let never = Rate {
            burst: 0,
            per_minute: 0,
        };
        let client = clients.entry(key).or_insert_with(|| Client {
            writes: Bucket::full(writes.unwrap_or(never), now),
            creations: Bucket::full(creations.unwrap_or(never), now),
            seen: now,
        });
        client.seen = now;
        let mut wait = Duration::ZERO;
        if let Some(rate) = writes {
            client.writes.refill(rate, now);
            wait = wait.max(client.writes.wait(rate));
        }
        if let Some(rate) = creations.filter(|_| creates) {
            client.creations.refill(rate, now);
            wait = wait.max(client.creations.wait(rate));
        }
        if !wait.is_zero() {
            return Err(wait);
        }
        if writes.is_some() {
            client.writes.tokens -= 1.0;
        }
        if creations.is_some() && creates {
            client.creations.tokens -= 1.0;
        }
        Ok(())
    }

    /// Makes room in a full table: first every client whose buckets have filled again (forgetting
    /// them changes nothing), else the one unseen the longest.
    fn forget_some(&self, clients: &mut HashMap<IpAddr, Client>, now: Instant) {
        let idle = [self.limits.writes, self.limits.creations]
            .into_iter()
            .flatten()
            .map(Rate::refill_time)
            .max()
            .unwrap_or(Duration::ZERO);
        clients.retain(|_, c| now.saturating_duration_since(c.seen) < idle);
        if clients.len() >= MAX_CLIENTS
            && let Some(oldest) = clients.iter().min_by_key(|(_, c)| c.seen).map(|(k, _)| *k)
        {
            clients.remove(&oldest);
        }
    }

    #[cfg(test)]
    fn remembered(&self) -> usize {
        self.clients.lock().map(|c| c.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{Ipv4Addr, Ipv6Addr};

    fn limiter(writes: u32, creations: u32) -> Limiter {
        Limiter::new(RateLimits {
            writes: Some(Rate {
                burst: writes,
                per_minute: 60,
            }),
            creations: Some(Rate {
                burst: creations,
                per_minute: 6,
            }),
        })
    }

    #[test]
    fn a_burst_then_one_a_second() {
        let l = limiter(3, 100);
        let a = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
        let b = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(l.check(a, false, t), Ok(()));
        }
        let wait = l.check(a, false, t).unwrap_err();
        assert!(wait > Duration::from_millis(900) && wait <= Duration::from_secs(1));
        assert_eq!(
            l.check(b, false, t),
            Ok(()),
            "another client has its own bucket"
        );
        let later = t + Duration::from_millis(1001);
        assert_eq!(l.check(a, false, later), Ok(()));
        assert!(l.check(a, false, later).is_err());
    }

    #[test]
    fn creations_have_their_own_smaller_bucket() {
        let l = limiter(100, 2);
        let a = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let t = Instant::now();
        assert_eq!(l.check(a, true, t), Ok(()));
        assert_eq!(l.check(a, true, t), Ok(()));
        let wait = l.check(a, true, t).unwrap_err();
        assert!(wait > Duration::from_secs(9), "{wait:?}");
        assert_eq!(l.check(a, false, t), Ok(()), "other requests still pass");
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_network() {
        let l = limiter(1, 1);
        let t = Instant::now();
        let one = IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 1, 0, 0, 0, 1));
        let same_net = IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 1, 9, 9, 9, 9));
        let other_net = IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 2, 0, 0, 0, 1));
        assert_eq!(l.check(one, false, t), Ok(()));
        assert!(l.check(same_net, false, t).is_err());
        assert_eq!(l.check(other_net, false, t), Ok(()));
    }

    #[test]
    fn the_table_stays_bounded() {
        let l = limiter(5, 5);
        let t = Instant::now();
        for i in 0..(MAX_CLIENTS as u32 + 50) {
            let addr = IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + i));
            assert_eq!(l.check(addr, false, t), Ok(()));
        }
        assert_eq!(l.remembered(), MAX_CLIENTS);
        // Once they have all waited long enough to be full again, they are forgotten together.
        let later = t + Duration::from_secs(60);
        l.check(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)), false, later)
            .unwrap();
        assert_eq!(l.remembered(), 1);
    }

    #[test]
    fn no_limits_count_nothing() {
        let l = Limiter::new(RateLimits::off());
        let t = Instant::now();
        for _ in 0..1000 {
            assert_eq!(l.check(IpAddr::V4(Ipv4Addr::LOCALHOST), true, t), Ok(()));
        }
        assert_eq!(l.remembered(), 0);
    }
}
