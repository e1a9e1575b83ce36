//! The request heads of each connection, checked before the HTTP layer (hyper) reads them.
//!
//! Hyper answers a request line over 64 KB, more than 100 headers or a head over its buffer with a
//! bare 414, 431 or 400 of its own, an answer no middleware sees, so no `{"error": ...}` body. This
//! reader sits between the socket and hyper and follows the requests of a connection: it holds
//! each head until it is whole, checks it against the server's limits (security.rs), and passes
//! it on unchanged. A head over a limit, or one that is not HTTP, is replaced by a small request
//! of our own, `GET /_jovian/refused/{status}` with `Connection: close`, which the security layer
//! answers with the JSON error; the rest of the connection is dropped. Bodies are passed through
//! by their Content-Length. A chunked body or a protocol upgrade ends the checks for the rest of
//! that connection (hyper's own limits still apply there), since following it would mean
//! decoding chunks here as well.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::security::{MAX_HEAD_BYTES, MAX_HEADERS, MAX_TARGET_BYTES, REFUSED_PREFIX};

/// How much of a refused head (and what follows it) is read and dropped before the connection
/// stops reading: reading some lets the answer reach a client that is still sending.
const DISCARD_LIMIT: usize = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Framing {
    /// Gathering a request head.
    Head,
    /// Passing on this many more bytes of a body.
    Body(u64),
    /// No more checks on this connection.
    Through,
    /// A head was refused: what follows is read and dropped (this many bytes so far).
    Refused(usize),
}

pub struct HeadGuard<S> {
    inner: S,
    framing: Framing,
    /// The head being gathered.
    head: Vec<u8>,
    /// How far `head` was searched for its end.
    scanned: usize,
    /// Whether `head` holds the whole request line.
    line_done: bool,
    /// Bytes ready for hyper, from `out[taken..]`.
    out: Vec<u8>,
    taken: usize,
}

/// Why a head is refused: the status the JSON answer carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    BadRequest = 400,
    UriTooLong = 414,
    HeadersTooLarge = 431,
}

impl<S> HeadGuard<S> {
    pub fn new(inner: S) -> HeadGuard<S> {
        HeadGuard {
            inner,
            framing: Framing::Head,
            head: Vec::new(),
            scanned: 0,
            line_done: false,
            out: Vec::new(),
            taken: 0,
        }
    }

    /// Follows `data`, the next bytes from the client, putting what hyper may read in `out`.
    fn absorb(&mut self, data: &[u8]) {
        let mut data = data.to_vec();
        while !data.is_empty() {
            match self.framing {
                Framing::Through => {
                    self.out.extend_from_slice(&data);
                    return;
                }
                Framing::Refused(dropped) => {
                    self.framing = Framing::Refused(dropped.saturating_add(data.len()));
                    return;
                }
                Framing::Body(left) => {
                    let n = usize::try_from(left).unwrap_or(usize::MAX).min(data.len());
                    self.out.extend_from_slice(&data[..n]);
                    data.drain(..n);
                    let left = left - n as u64;
                    self.framing = if left == 0 {
                        Framing::Head
                    } else {
                        Framing::Body(left)
                    };
                }
                Framing::Head => {
                    if self.head.is_empty() {
                        // Blank lines before a request are skipped (by hyper too): the head's end
                        // is then its first blank line.
                        let blank = data.iter().take_while(|b| matches!(b, b'\r' | b'\n'));
                        let n = blank.count();
                        self.out.extend_from_slice(&data[..n]);
                        data.drain(..n);
                        if data.is_empty() {
                            return;
                        }
                    }
                    self.head.append(&mut data);
                    data = self.check_head();
                }
            }
        }
    }

    /// Looks at the head gathered so far: passes it on when it is whole and within the limits,
    /// refuses it when it is not, else waits. Returns the bytes after a passed head.
    fn check_head(&mut self) -> Vec<u8> {
        let from = self.scanned.saturating_sub(2);
        let end = find_blank_line(&self.head[from..]).map(|i| from + i);
        let line_ended = self.head[self.scanned..].contains(&b'\n');
        self.line_done = self.line_done || line_ended;
        self.scanned = self.head.len();
        let Some(end) = end else {
            // The request line is the method, the target and the version: 64 bytes are room
            // enough for the other two.
            if !self.line_done && self.head.len() > MAX_TARGET_BYTES + 64 {
                self.refuse(Refusal::UriTooLong);
            } else if self.head.len() > MAX_HEAD_BYTES {
                self.refuse(Refusal::HeadersTooLarge);
            } else if line_ended {
                // A head that is already not HTTP (random bytes, an HTTP/0.9 request) is refused
                // now rather than when its blank line comes, which may be never. Looked at once
                // per line, so that a head sent a byte at a time costs no more than a whole one.
                let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
                match httparse::Request::new(&mut headers).parse(&self.head) {
                    Ok(_) => {}
                    Err(httparse::Error::TooManyHeaders) => self.refuse(Refusal::HeadersTooLarge),
                    Err(_) => self.refuse(Refusal::BadRequest),
                }
            }
            return Vec::new();
        };
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut request = httparse::Request::new(&mut headers);
        let framing = match request.parse(&self.head[..end]) {
            Ok(httparse::Status::Complete(_)) => {
                if request.path.map_or(0, str::len) > MAX_TARGET_BYTES {
                    Err(Refusal::UriTooLong)
                } else if end > MAX_HEAD_BYTES {
                    Err(Refusal::HeadersTooLarge)
                } else {
                    framing_of(&request)
                }
            }
            Err(httparse::Error::TooManyHeaders) => Err(Refusal::HeadersTooLarge),
            Ok(httparse::Status::Partial) | Err(_) => Err(Refusal::BadRequest),
        };
        match framing {
            Ok(framing) => {
                let rest = self.head.split_off(end);
                self.out.append(&mut self.head);
                self.scanned = 0;
                self.line_done = false;
                self.framing = framing;
                rest
            }
            Err(refusal) => {
                self.refuse(refusal);
                Vec::new()
            }
        }
    }

    /// Hands hyper our own request for the refusal in place of the head, and drops the rest.
    fn refuse(&mut self, refusal: Refusal) {
        let dropped = self.head.len();
        self.head = Vec::new();
        self.scanned = 0;
        self.line_done = false;
        self.framing = Framing::Refused(dropped);
        self.out.extend_from_slice(
            format!(
                "GET {REFUSED_PREFIX}{} HTTP/1.1\r\nConnection: close\r\n\r\n",
                refusal as u16
            )
            .as_bytes(),
        );
    }
}

/// The index just past the first blank line (`\n\n` or `\n\r\n`) of `bytes`.
fn find_blank_line(bytes: &[u8]) -> Option<usize> {
    (0..bytes.len()).find_map(|i| match &bytes[i..] {
        [b'\n', b'\n', ..] => Some(i + 2),
        [b'\n', b'\r', b'\n', ..] => Some(i + 3),
        _ => None,
    })
}

/// How the body after a head is framed, as hyper reads it.
fn framing_of(request: &httparse::Request<'_, '_>) -> Result<Framing, Refusal> {
    if request.method == Some("CONNECT") {
        return Ok(Framing::Through);
    }
    let mut length: Option<u64> = None;
    for h in request.headers.iter() {
        if h.name.eq_ignore_ascii_case("transfer-encoding")
            || h.name.eq_ignore_ascii_case("upgrade")
        {
            return Ok(Framing::Through);
        }
        if h.name.eq_ignore_ascii_case("content-length") {
            // One number, or a list of the same number (as hyper reads it); anything else is a
            // request hyper refuses as well.
            let text = std::str::from_utf8(h.value).map_err(|_| Refusal::BadRequest)?;
            for part in text.split(',') {
                let part = part.trim_matches([' ', '\t']);
                if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(Refusal::BadRequest);
                }
                let n: u64 = part.parse().map_err(|_| Refusal::BadRequest)?;
                if length.is_some_and(|l| l != n) {
                    return Err(Refusal::BadRequest);
                }
                length = Some(n);
            }
        }
    }
    Ok(match length {
        None | Some(0) => Framing::Head,
        Some(n) => Framing::Body(n),
    })
}

impl<S: AsyncRead + Unpin> AsyncRead for HeadGuard<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            if this.taken < this.out.len() {
                let n = buf.remaining().min(this.out.len() - this.taken);
                buf.put_slice(&this.out[this.taken..this.taken + n]);
                this.taken += n;
                if this.taken == this.out.len() {
                    this.out.clear();
                    this.taken = 0;
                }
                return Poll::Ready(Ok(()));
            }
            match this.framing {
                Framing::Through => return Pin::new(&mut this.inner).poll_read(cx, buf),
                Framing::Refused(dropped) if dropped >= DISCARD_LIMIT => {
                    // Enough: hyper answers and closes the connection, with nothing more to read.
                    return Poll::Pending;
                }
                _ => {}
            }
            let mut chunk = [0u8; 8192];
            let mut read = ReadBuf::new(&mut chunk);
            let result = ready!(Pin::new(&mut this.inner).poll_read(cx, &mut read));
            if let Framing::Refused(_) = this.framing {
                match result {
                    Ok(()) if !read.filled().is_empty() => {
                        this.absorb(read.filled());
                        continue;
                    }
                    // The client is gone or done: hyper's answer is all that is left to do.
                    _ => return Poll::Pending,
                }
            }
            result?;
            if read.filled().is_empty() {
                // The end of the stream: a half head can never be whole, so it is refused (hyper
                // would answer it with a bare 400 of its own); the client, which may only have
                // half-closed the connection, still reads the answer.
                if !this.head.is_empty() {
                    this.refuse(Refusal::BadRequest);
                    continue;
                }
                return Poll::Ready(Ok(()));
            }
            this.absorb(read.filled());
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for HeadGuard<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use tokio::io::AsyncReadExt;

    /// What hyper reads through the guard when the client sends `chunks`.
    fn through(chunks: &[&[u8]]) -> Vec<u8> {
        let mut guard = HeadGuard::new(&b""[..]);
        for c in chunks {
            guard.absorb(c);
        }
        let mut out = guard.out[guard.taken..].to_vec();
        if guard.framing != Framing::Through && !guard.head.is_empty() {
            out.extend_from_slice(&refused(400)); // what the end of the stream would release
        }
        out
    }

    fn refused(status: u16) -> Vec<u8> {
        format!("GET {REFUSED_PREFIX}{status} HTTP/1.1\r\nConnection: close\r\n\r\n").into_bytes()
    }

    const TWO: &[u8] = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n{\n\n}\
        GET /api/games/1 HTTP/1.1\r\nHost: x\r\n\r\n";

    #[test]
    fn requests_within_the_limits_pass_unchanged() {
        assert_eq!(through(&[TWO]), TWO);
        // Bytes of a body that look like a blank line are not taken for a head's end.
        let (a, b) = TWO.split_at(60);
        assert_eq!(through(&[a, b]), TWO);
        let lf = b"\r\n\r\nGET / HTTP/1.1\nHost: x\n\nGET / HTTP/1.0\n\n";
        assert_eq!(through(&[lf]), lf);
    }

    #[test]
    fn an_overlong_target_or_head_is_replaced_by_a_refusal() {
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_TARGET_BYTES));
        assert_eq!(through(&[long.as_bytes()]), refused(414));
        // Refused as soon as the line is too long, without waiting for the rest.
        let start = format!("GET /{}", "a".repeat(100_000));
        assert_eq!(through(&[start.as_bytes()]), refused(414));
        let big = format!(
            "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
            "b".repeat(MAX_HEAD_BYTES)
        );
        assert_eq!(through(&[big.as_bytes()]), refused(431));
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X-{i}: 1\r\n")).collect();
        let many = format!("GET / HTTP/1.1\r\n{many}\r\n");
        assert_eq!(through(&[many.as_bytes()]), refused(431));
        assert_eq!(through(&[b"GET / HTTP/9.9\r\n\r\n"]), refused(400));
        let two_lengths = b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab";
        assert_eq!(through(&[two_lengths]), refused(400));
        // A request after a refused one is dropped with the rest of the connection.
        let then = [many.as_bytes(), b"GET / HTTP/1.1\r\n\r\n"].concat();
        assert_eq!(through(&[&then]), refused(431));
        // The request before it is passed on, then the refusal.
        let after = [TWO, many.as_bytes()].concat();
        assert_eq!(through(&[&after]), [TWO, &refused(431)].concat());
    }

    #[test]
    fn a_chunked_body_ends_the_checks() {
        let chunked = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_TARGET_BYTES));
        let all = [&chunked[..], long.as_bytes()].concat();
        assert_eq!(through(&[&all]), all);
    }

    #[tokio::test]
    async fn a_half_head_at_the_end_of_the_stream_is_refused() {
        // The reader stops once the refusal is read (what follows is hyper's answer).
        let mut guard = HeadGuard::new(&TWO[..40]);
        let mut out = vec![0u8; 4096];
        let n = guard.read(&mut out).await.unwrap();
        assert_eq!(&out[..n], refused(400), "a half head can never be whole");
        let mut whole = HeadGuard::new(TWO);
        let mut out = Vec::new();
        whole.read_to_end(&mut out).await.unwrap();
        assert_eq!(out, TWO, "whole requests, then the end");
    }

    #[test]
    fn a_line_that_is_not_http_is_refused_before_its_head_ends() {
        // HTTP/0.9, random bytes: refused at the end of the first line, not at a blank line that
        // may never come.
        assert_eq!(through(&[b"GET /\r\n"]), refused(400));
        assert_eq!(
            through(&[b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\n"]),
            refused(400)
        );
        // A valid head still on its way is waited for.
        let mut guard = HeadGuard::new(&b""[..]);
        guard.absorb(b"POST /api/games HTTP/1.1\r\nHost: x\r\nX-a: ");
        assert_eq!((guard.out.len(), guard.framing), (0, Framing::Head));
    }

    proptest! {
        /// However the bytes of valid requests arrive, hyper reads exactly them.
        #[test]
        fn valid_requests_pass_unchanged_however_split(
            bodies in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..40), 1..5),
            cuts in prop::collection::vec(0usize..400, 0..8),
        ) {
            let mut stream = Vec::new();
            for body in &bodies {
                stream.extend_from_slice(
                    format!("POST /api/x HTTP/1.1\r\nHost: h\r\nContent-Length: {}\r\n\r\n",
                        body.len()).as_bytes());
                stream.extend_from_slice(body);
                stream.extend_from_slice(b"GET /api/y HTTP/1.1\r\nHost: h\r\n\r\n");
            }
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(stream.len())).collect();
            cuts.sort_unstable();
            let mut chunks = Vec::new();
            let mut at = 0;
            for c in cuts {
                chunks.push(&stream[at..c]);
                at = c;
            }
            chunks.push(&stream[at..]);
            prop_assert_eq!(through(&chunks), stream);
        }

        /// Any bytes at all: no panic, and what hyper reads is a prefix of what came, or a prefix
        /// followed by one refusal.
        #[test]
        fn any_bytes_are_passed_on_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            let out = through(&[&bytes]);
            let is_prefix = |o: &[u8]| o.len() <= bytes.len() && o == &bytes[..o.len()];
            let refused_after_prefix = [400, 414, 431].iter().any(|&s| {
                let r = refused(s);
                out.ends_with(&r) && is_prefix(&out[..out.len() - r.len()])
            });
            prop_assert!(
                is_prefix(&out) || refused_after_prefix,
                "{:?}", String::from_utf8_lossy(&out)
            );
        }
    }
}
