//! The server's connections, accepted here rather than by `axum::serve`, which offers no timeouts
//! and no cap: a client that opens connections and sends nothing (or half a head, or half a body)
//! would otherwise hold each one open for ever, until the process runs out of open files.
//!
//! * **At most so many connections** per client address ([`ConnectionLimits::per_client`]) and in
//!   all ([`ConnectionLimits::total`], below the process's open-file limit). One more is answered
//!   at once with a JSON 503 (`Retry-After: 1`) and closed, without being read.
//! * **Head timeout** ([`HEAD_TIMEOUT`], hyper's header read timeout): a connection waiting for a
//!   request's head, from its first byte or from the end of the last answer, is closed after this
//!   long without an answer (HTTP/1.1 has none for a request that never came). So this is also the
//!   idle keep-alive timeout: hyper starts the head's clock as soon as a connection is idle.
//! * **Body timeout** ([`BODY_TIMEOUT`], tower-http's request body timeout): the longest wait for
//!   the next bytes of a request body; the request then fails with a JSON 408.
//! * **Half-closed clients** (`shutdown(SHUT_WR)` after the request) still get their answer.
//! * **Stopping**: no new connections; idle ones close at once, requests under way finish.
//!
//! Each connection is read through a [`HeadGuard`] (guard.rs), which answers heads over the limits
//! or not HTTP with JSON errors before hyper sees them.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;
use tower_http::timeout::RequestBodyTimeoutLayer;

use crate::guard::HeadGuard;
use crate::security::ClientAddr;

/// How long a connection may take to send a request's head, counted from when it is ready for one.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest wait for the next bytes of a request body.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// Open files kept for the server's own use (the database, its journal, engine threads' files,
/// the data directory's lock) below the process's limit when counting connections.
const RESERVED_FILES: u64 = 256;
/// The most connections in all, however high the open-file limit.
const MAX_TOTAL: usize = 16_384;
/// The most connections from one address: a browser opens six at most, plus an event stream per
/// game on show; a load test from one machine needs more than a hundred.
const PER_CLIENT: usize = 256;
/// How long after an accept error (out of files, a network hiccup) the server waits to try again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// The caps on open connections and how long they may keep the server waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Open connections from one client address.
    pub per_client: usize,
    /// Open connections in all.
    pub total: usize,
    /// [`HEAD_TIMEOUT`] (shorter in tests).
    pub head_timeout: Duration,
    /// [`BODY_TIMEOUT`] (shorter in tests).
    pub body_timeout: Duration,
}

impl Default for ConnectionLimits {
    /// [`PER_CLIENT`] per address, and in all what the open-file limit leaves after
    /// [`RESERVED_FILES`] (at most [`MAX_TOTAL`]).
    fn default() -> ConnectionLimits {
        let files = open_file_limit();
        let total = files
            .saturating_sub(RESERVED_FILES)
            .clamp(16, MAX_TOTAL as u64) as usize;
        ConnectionLimits {
            per_client: PER_CLIENT.min(total),
            total,
            head_timeout: HEAD_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
        }
    }
}

/// The process's open-file limit, raised to its hard limit first (as servers do: the soft limit
/// of 1024 that many systems set is a leftover of `select`, which this server does not use).
fn open_file_limit() -> u64 {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct given.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return 1024;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit.rlim_cur = limit.rlim_max;
                }
            }
        }
        #[allow(clippy::unnecessary_cast)] // rlim_t is u64 on Linux, not on every Unix
        let files = limit.rlim_cur as u64;
        files
    }
    #[cfg(not(unix))]
    {
        2048
    }
}

/// The connections open, by client address.
#[derive(Default)]
struct Counts {
    by_client: HashMap<IpAddr, usize>,
    total: usize,
}

/// Which cap a connection is over.
#[derive(Clone, Copy, Debug)]
enum Full {
    /// Its address holds its share already.
    Client,
    /// The server holds all it may.
    Server,
}

/// A connection's place in the counts, given back when its task ends (however it ends).
struct Slot {
    counts: Arc<Mutex<Counts>>,
    client: IpAddr,
}

impl Slot {
    /// A place for a connection from `client`, or which cap it is over (`Full::Client` when
    /// only its address's is).
    fn take(
        counts: &Arc<Mutex<Counts>>,
        client: IpAddr,
        limits: ConnectionLimits,
    ) -> Result<Slot, Full> {
        let mut c = counts.lock().unwrap_or_else(|e| e.into_inner());
        let mine = c.by_client.get(&client).copied().unwrap_or(0);
        if c.total >= limits.total {
            return Err(Full::Server);
        }
        if mine >= limits.per_client {
            return Err(Full::Client);
        }
        c.total += 1;
        c.by_client.insert(client, mine + 1);
        Ok(Slot {
            counts: counts.clone(),
            client,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        c.total -= 1;
        if let Some(n) = c.by_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                c.by_client.remove(&self.client);
            }
        }
    }
}

/// The answer to a connection over the caps, written once without waiting (a fresh socket's send
/// buffer takes it whole) before the connection is dropped.
fn refuse(stream: TcpStream, full: Full) {
    let message = match full {
        Full::Client => "too many connections from your address: close some and try again",
        Full::Server => "the server has too many connections open: try again in a moment",
    };
    let body = format!("{{\"error\":\"{message}\"}}");
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nRetry-After: 1\r\nConnection: close\r\n\
         X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n\
         Cache-Control: no-store\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Serves `app` on `listener` until `stop` resolves, then lets the requests under way finish
/// (the caller bounds how long).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()>,
) {
    let counts = Arc::new(Mutex::new(Counts::default()));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.head_timeout)
        .half_close(true)
        .keep_alive(true);
    let app = tower::ServiceBuilder::new()
        .layer(RequestBodyTimeoutLayer::new(limits.body_timeout))
        .service(app);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            biased;
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of files or a connection gone before it was taken: nothing to answer.
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
        };
        let slot = match Slot::take(&counts, peer.ip(), limits) {
            Ok(slot) => slot,
            Err(full) => {
                refuse(stream, full);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut()
                .insert(ConnectInfo(ClientAddr(SocketAddr::new(
                    peer.ip(),
                    peer.port(),
                ))));
            app.clone().oneshot(req)
        });
        let connection = http.serve_connection(TokioIo::new(HeadGuard::new(stream)), service);
        let watched = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = watched.await;
            drop(slot);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}
