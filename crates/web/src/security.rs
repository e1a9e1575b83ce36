//! What keeps other web pages and other hosts out, around every route (docs/web.md, "Security"):
//!
//! * the `Host` header must name this server (its loopback address and port, or a name given
//!   with `--allow-host`), so a page on another name that resolves to 127.0.0.1 (DNS rebinding)
//!   reads nothing: 421. So must the authority of an absolute-form target
//!   (`POST http://host/...`): 421. Two `Host` headers are a 400 (RFC 9112, 3.2);
//! * a request that changes something (any method but GET, HEAD, OPTIONS and TRACE) must come
//!   from a page of this server when it comes from a page at all (`Origin`,
//!   `Sec-Fetch-Site`): 403; and must say `Content-Type: application/json`, which a cross-site
//!   form or a "simple" cross-site fetch cannot send: 415;
//! * rate limits per client on those requests: 429 with `Retry-After`;
//! * limits on the request's size, judged from its head before any body is read: 413, 414, 431;
//! * every error answer, whoever made it (a route, axum's method check, a rejection), is
//!   `{"error": "..."}`; every answer carries the security headers below.
//!
//! Which seat may change which game is the routes' business (seats.rs).

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::ratelimit::{Limiter, RateLimits};
use crate::reply::ApiError;

/// The longest request target (path and query) accepted.
pub const MAX_TARGET_BYTES: usize = 8 * 1024;
/// The largest request head (request line and headers) accepted.
pub const MAX_HEAD_BYTES: usize = 32 * 1024;
/// The most header fields a request may have (hyper's own limit as well).
pub const MAX_HEADERS: usize = 100;
/// The path of the requests guard.rs puts in place of a refused head.
pub const REFUSED_PREFIX: &str = "/_jovian/refused/";

const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// The address of the client at the other end of a connection (for the rate limits).
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr(pub std::net::SocketAddr);

/// Who the server answers to and how much it takes.
#[derive(Clone, Debug, Default)]
pub struct SecurityConfig {
    /// The port the server listens on: a loopback `Host` must name it. `None` (a router built
    /// without a listener, as in tests) takes any port.
    pub port: Option<u16>,
    /// More names the server answers to (`--allow-host`), each `name` (any port, as behind a
    /// proxy) or `name:port`, in lower case (see [`allowed_host`]).
    pub allowed_hosts: Vec<String>,
    pub limits: RateLimits,
    /// The server listens beyond the loopback address (`--host 0.0.0.0` or an address of the
    /// machine): a `Host` that is an IP address with the server's port is then ours too (how
    /// browsers on the network address it). A name still needs `--allow-host`: only a name can
    /// be made to point at this server by someone else's DNS (rebinding).
    pub network: bool,
}

/// Checks and normalizes a name for `--allow-host`: a host name or address, with a port or not.
pub fn allowed_host(text: &str) -> Result<String, String> {
    let name = text.trim().to_ascii_lowercase();
    let (host, port) = split_host(&name)
        .ok_or_else(|| format!("{text:?} is not a host name, with or without a :port"))?;
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_');
    let bracketed = host.starts_with('[')
        && host.ends_with(']')
        && host.len() > 2
        && host[1..host.len() - 1]
            .chars()
            .all(|c| c.is_ascii_hexdigit() || c == ':');
    if host.is_empty() || !(host.chars().all(plain) || bracketed) || port == Some(None) {
        return Err(format!(
            "{text:?} is not a host name, with or without a :port"
        ));
    }
    Ok(name)
}

/// Splits `host[:port]` (`[v6]` in brackets). The port is `None` when absent and `Some(None)`
/// when present but not a port number.
fn split_host(authority: &str) -> Option<(&str, Option<Option<u16>>)> {
    let (host, port) = if authority.starts_with('[') {
        let close = authority.find(']')?;
        let (host, rest) = authority.split_at(close + 1);
        match rest {
            "" => (host, None),
            _ => (host, Some(rest.strip_prefix(':')?)),
        }
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let port = port.map(|p| {
        p.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| p.parse().ok())
            .flatten()
    });
    Some((host, port))
}

struct Security {
    config: SecurityConfig,
    limiter: Limiter,
}

impl Security {
    /// Whether `authority` (a `Host` header, or the host of an `Origin`) names this server.
    fn is_ours(&self, authority: &str) -> bool {
        let authority = authority.to_ascii_lowercase();
        let Some((host, port)) = split_host(&authority) else {
            return false;
        };
        let port = match port {
            None => None,
            Some(Some(p)) => Some(p),
            Some(None) => return false,
        };
        let ip_literal = host.parse::<std::net::Ipv4Addr>().is_ok()
            || host
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .is_some_and(|h| h.parse::<std::net::Ipv6Addr>().is_ok());
        if self.config.network && ip_literal {
            return self
                .config
                .port
                .is_none_or(|ours| port.unwrap_or(80) == ours);
        }
        if matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
            return self
                .config
                .port
                .is_none_or(|ours| port.unwrap_or(80) == ours);
        }
        self.config.allowed_hosts.iter().any(|allowed| {
            // A name without a port answers on any port (a proxy's); with one, on that one.
            allowed == &authority || allowed == host
        })
    }
}

/// Wraps every route of `router` in the checks and headers above.
pub fn protect(router: Router, config: SecurityConfig) -> Router {
    let security = Arc::new(Security {
        limiter: Limiter::new(config.limits),
        config,
    });
    // Around the whole router rather than each route, so that answers made outside the routes'
    // own layers (the Allow header of a 405) are seen too.
    Router::new()
        .fallback_service(router)
        .layer(axum::middleware::from_fn_with_state(security, guard))
}

async fn guard(State(security): State<Arc<Security>>, req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let response = match refusal(&security, &req) {
        Some(refused) => refused,
        None => next.run(req).await,
    };
    let mut response = json_error(response, &method, &path).await;
    let headers = response.headers_mut();
    for (name, value) in [
        ("content-security-policy", CONTENT_SECURITY_POLICY),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "no-referrer"),
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-resource-policy", "same-origin"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    // The create answer holds seat secrets, and every answer of the API is of the moment.
    if path.starts_with("/api/") && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

fn header_text(headers: &HeaderMap, name: impl header::AsHeaderName) -> Option<&str> {
    headers.get(name).map(|v| v.to_str().unwrap_or("\u{0}"))
}

/// The first check a request fails, as its answer.
fn refusal(security: &Security, req: &Request) -> Option<Response> {
    let fail = |status, message: String| Some(ApiError::new(status, message).into_response());
    let path = req.uri().path();
    if let Some(status) = path.strip_prefix(REFUSED_PREFIX) {
        return match status {
            "400" => fail(
                StatusCode::BAD_REQUEST,
                "the request is not valid HTTP/1.1".to_string(),
            ),
            "414" => fail(StatusCode::URI_TOO_LONG, too_long_target()),
            "431" => fail(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, too_big_head()),
            _ => fail(StatusCode::NOT_FOUND, "no such page".to_string()),
        };
    }
    // The guard holds these limits on real connections; here for every other way in.
    if req.uri().path_and_query().map_or(0, |p| p.as_str().len()) > MAX_TARGET_BYTES {
        return fail(StatusCode::URI_TOO_LONG, too_long_target());
    }
    let headers = req.headers();
    let head_bytes: usize = (headers.iter())
        .map(|(n, v)| n.as_str().len() + v.len() + 4)
        .sum();
    if headers.len() > MAX_HEADERS || head_bytes > MAX_HEAD_BYTES {
        return fail(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, too_big_head());
    }
    if headers.get_all(header::HOST).iter().nth(1).is_some() {
        return fail(
            StatusCode::BAD_REQUEST,
            "the request has more than one Host header".to_string(),
        );
    }
    // No Host at all is no browser's request (HTTP/1.1 browsers always send one): only a page in
    // a browser can be rebound, so only a Host is checked. An absolute-form target names its
    // host itself (and a server takes it over the Host header): it must be ours as well.
    let named = [
        header_text(headers, header::HOST),
        req.uri().authority().map(|a| a.as_str()),
    ];
    if named
        .into_iter()
        .flatten()
        .any(|host| !security.is_ours(host))
    {
        return fail(
            StatusCode::MISDIRECTED_REQUEST,
            "this server does not answer to that host name (jovian serve --allow-host NAME adds one)"
                .to_string(),
        );
    }
    if let Some(length) = header_text(headers, header::CONTENT_LENGTH)
        && length
            .trim()
            .parse::<u64>()
            .is_ok_and(|n| n > crate::BODY_LIMIT as u64)
    {
        return fail(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request body is larger than {} bytes",
                crate::BODY_LIMIT
            ),
        );
    }
    if matches!(
        *req.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    ) {
        return None;
    }
    if let Some(site) = header_text(headers, "sec-fetch-site")
        && !matches!(site, "same-origin" | "none")
    {
        return fail(
            StatusCode::FORBIDDEN,
            format!("a request from another site ({site}) cannot change games here"),
        );
    }
    if let Some(origin) = header_text(headers, header::ORIGIN) {
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        if !authority.is_some_and(|a| security.is_ours(a)) {
            return fail(
                StatusCode::FORBIDDEN,
                "a page from another origin cannot change games here".to_string(),
            );
        }
    }
    let json = header_text(headers, header::CONTENT_TYPE).is_some_and(|t| {
        t.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json {
        return fail(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a request that changes something must be sent as Content-Type: application/json"
                .to_string(),
        );
    }
    let creates = *req.method() == Method::POST && path == "/api/games";
    if let Err(wait) = security.limiter.check(client(req), creates, Instant::now()) {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let what = if creates { "new games" } else { "requests" };
        let mut refused = ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many {what} from your address: try again in {seconds} s"),
        )
        .into_response();
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        return Some(refused);
    }
    None
}

fn too_long_target() -> String {
    format!("the request's path and query are longer than {MAX_TARGET_BYTES} bytes")
}

fn too_big_head() -> String {
    format!(
        "the request's headers are larger than {MAX_HEAD_BYTES} bytes or more than {MAX_HEADERS}"
    )
}

fn client(req: &Request) -> IpAddr {
    client_of(req.extensions(), req.headers())
}

/// The client a request counts against (for the limits of a route), as [`client`] finds it.
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_of(&parts.extensions, &parts.headers)))
    }
}

/// The client a request counts against: the connection's peer, or, when the peer is this machine
/// (a reverse proxy in front of the server, which listens on 127.0.0.1 only), the address the
/// proxy appended last to `X-Forwarded-For`. A browser cannot set that header on a cross-site
/// request, and what a client sends in it comes before the proxy's entry.
fn client_of(extensions: &Extensions, headers: &HeaderMap) -> IpAddr {
    let peer = extensions
        .get::<ConnectInfo<ClientAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |c| c.0.0.ip());
    if !peer.is_loopback() {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .last()
        .and_then(|a| a.trim().parse().ok());
    forwarded.unwrap_or(peer)
}

/// Gives an error answer that is not JSON (axum's 405, a rejection's plain text) the JSON form.
async fn json_error(response: Response, method: &Method, path: &str) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty() && !t.contains('\n'));
    let message = if status == StatusCode::METHOD_NOT_ALLOWED {
        let allowed = header_text(&parts.headers, header::ALLOW).unwrap_or("other methods");
        format!("{method} is not allowed on {path}; it takes {allowed}")
    } else {
        text.unwrap_or_else(|| {
            format!(
                "the request was refused ({})",
                status.canonical_reason().unwrap_or("error")
            )
        })
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    let body = ApiError::new(status, message).into_response().into_body();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, Body::new(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn security(port: Option<u16>, names: &[&str]) -> Security {
        Security {
            config: SecurityConfig {
                port,
                allowed_hosts: names.iter().map(|n| allowed_host(n).unwrap()).collect(),
                limits: RateLimits::off(),
                network: false,
            },
            limiter: Limiter::new(RateLimits::off()),
        }
    }

    #[test]
    fn hosts_are_this_server_or_named() {
        let s = security(Some(8080), &["Example.org", "board.example:8443"]);
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
            "example.org",
            "example.org:443",
            "board.example:8443",
        ] {
            assert!(s.is_ours(ok), "{ok}");
        }
        for no in [
            "127.0.0.1:8081",
            "127.0.0.1",
            "attacker.example:8080",
            "localhost.:8080",
            "127.0.0.2:8080",
            "board.example",
            "board.example:8080",
            "example.org:x",
            "[::1",
            "",
        ] {
            assert!(!s.is_ours(no), "{no}");
        }
        assert!(security(Some(80), &[]).is_ours("localhost"));
        assert!(security(None, &[]).is_ours("localhost:1234"));
    }

    #[test]
    fn allow_host_takes_names_with_or_without_a_port() {
        assert_eq!(allowed_host(" Board.Example "), Ok("board.example".into()));
        assert_eq!(allowed_host("[::1]:80"), Ok("[::1]:80".into()));
        assert_eq!(allowed_host("10.0.0.2:8080"), Ok("10.0.0.2:8080".into()));
        for bad in ["", "http://x", "x/y", "x:y", "a b", "x:99999", "[zz]", "[]"] {
            assert!(allowed_host(bad).is_err(), "{bad}");
        }
    }
}
