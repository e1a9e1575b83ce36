//! The server on a real socket, spoken to byte by byte: what the HTTP layer would refuse with an
//! empty answer of its own (a request line over 64 KB, more than 100 headers, a head over its
//! buffer, broken HTTP, HTTP/0.9) gets a JSON error; requests on one connection keep working; a
//! half-closed client gets its answer; the host check knows the port, one Host header and the
//! absolute form; the rate limits count by the connection's address; idle and half-sent
//! connections are capped and closed by their timeouts while others are served.

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Starts `jovian serve` on a free port with a scratch data directory; returns its address.
async fn start(name: &str) -> SocketAddr {
    start_with(name, jovian_web::ConnectionLimits::default()).await
}

/// [`start`] with caps and timeouts of the test's own.
async fn start_with(name: &str, connections: jovian_web::ConnectionLimits) -> SocketAddr {
    let data = std::env::temp_dir().join(format!("jovian-http-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(jovian_web::serve(jovian_web::ServeOptions {
        port: 0,
        host: std::net::Ipv4Addr::LOCALHOST.into(),
        data,
        allow_hosts: vec![],
        engines: jovian_web::EngineOptions::default(),
        rate_limits: jovian_web::RateLimits::default(),
        connections,
        lab_dir: None,
        lab_exe: None,
        variants: jovian_web::Catalogue::builtin(),
        on_listening: Box::new(move |addr| {
            let _ = tx.send(addr);
        }),
    }));
    rx.await.expect("the server listens")
}

/// Sends `bytes` on a new connection and reads until the server closes it.
async fn exchange(addr: SocketAddr, bytes: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = stream.split();
    // Writing and reading at once: the server may answer (and close) before all is sent.
    let write = async {
        let _ = writer.write_all(bytes).await;
    };
    let mut answer = Vec::new();
    let read = async {
        let _ = reader.read_to_end(&mut answer).await;
    };
    tokio::time::timeout(Duration::from_secs(20), async { tokio::join!(write, read) })
        .await
        .expect("the server answers and closes");
    String::from_utf8_lossy(&answer).into_owned()
}

/// The answers in `text`: status and body, each body read by its Content-Length.
fn answers(text: &str) -> Vec<(u16, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(head_end) = rest.find("\r\n\r\n") {
        let head = &rest[..head_end];
        let status = head[9..12].parse().unwrap();
        let length: usize = head
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse().ok())?
            })
            .unwrap_or(0);
        let body_start = head_end + 4;
        out.push((status, rest[body_start..body_start + length].to_string()));
        rest = &rest[body_start + length..];
    }
    out
}

/// The only answer in `text`, which must be a JSON error with `status`.
fn json_error(text: &str, status: u16) -> String {
    let all = answers(text);
    assert_eq!(all.len(), 1, "{text}");
    assert_eq!(all[0].0, status, "{text}");
    let body: Value = serde_json::from_str(&all[0].1).unwrap_or_else(|_| panic!("{text}"));
    body["error"]
        .as_str()
        .expect("an error sentence")
        .to_string()
}

#[tokio::test]
async fn what_the_http_layer_refuses_is_answered_in_json() {
    let addr = start("limits").await;
    let host = format!("Host: {addr}\r\n");
    // Over hyper's own 64 KB limit for a request line.
    let long = format!(
        "GET /api/games/{} HTTP/1.1\r\n{host}\r\n",
        "1".repeat(70_000)
    );
    let message = json_error(&exchange(addr, long.as_bytes()).await, 414);
    assert!(message.contains("longer than"), "{message}");
    // Over its buffer for a head.
    let big = format!(
        "GET / HTTP/1.1\r\n{host}X-Big: {}\r\n\r\n",
        "b".repeat(500_000)
    );
    json_error(&exchange(addr, big.as_bytes()).await, 431);
    // Over its count of headers.
    let many: String = (0..150).map(|i| format!("X-{i}: 1\r\n")).collect();
    let many = format!("GET / HTTP/1.1\r\n{host}{many}\r\n");
    json_error(&exchange(addr, many.as_bytes()).await, 431);
    // Not HTTP at all.
    json_error(&exchange(addr, b"HELLO THERE\r\n\r\n").await, 400);
    let two_lengths = format!(
        "POST /api/games HTTP/1.1\r\n{host}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab"
    );
    json_error(&exchange(addr, two_lengths.as_bytes()).await, 400);
    // A body declared too large is refused from its head: none of it is sent here, and the
    // answer comes anyway.
    let declared = format!(
        "POST /api/games HTTP/1.1\r\n{host}Content-Type: application/json\r\n\
         Content-Length: 5000000\r\nConnection: close\r\n\r\n"
    );
    json_error(&exchange(addr, declared.as_bytes()).await, 413);
}

#[tokio::test]
async fn requests_on_one_connection_are_each_answered() {
    let addr = start("keepalive").await;
    let host = format!("Host: {addr}\r\n");
    let body = r#"{"variant":"scirocco","humans":"both"}"#;
    let create = format!(
        "POST /api/games HTTP/1.1\r\n{host}Content-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let list = format!("GET /api/games HTTP/1.1\r\n{host}\r\n");
    let many: String = (0..150).map(|i| format!("X-{i}: 1\r\n")).collect();
    let refused = format!("GET /api/games HTTP/1.1\r\n{host}{many}\r\n");
    let after = format!("GET /api/games HTTP/1.1\r\n{host}Connection: close\r\n\r\n");
    // Sent at once: a create, a list, an oversize head, then one more that is never answered.
    let all = [create, list, refused, after].concat();
    let text = exchange(addr, all.as_bytes()).await;
    let got: Vec<u16> = answers(&text).iter().map(|a| a.0).collect();
    assert_eq!(got, [201, 200, 431], "{text}");
    let listed: Value = serde_json::from_str(&answers(&text)[1].1).unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn the_host_must_name_the_port_the_server_listens_on() {
    let addr = start("port").await;
    let ask = |host: String| {
        format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
    };
    let ok = exchange(addr, ask(format!("localhost:{}", addr.port())).as_bytes()).await;
    assert_eq!(answers(&ok)[0].0, 200, "{ok}");
    let other = ask(format!("127.0.0.1:{}", addr.port() ^ 1));
    json_error(&exchange(addr, other.as_bytes()).await, 421);
    let rebound = ask(format!("attacker.example:{}", addr.port()));
    json_error(&exchange(addr, rebound.as_bytes()).await, 421);
}

#[tokio::test]
async fn new_games_are_limited_per_address() {
    let addr = start("rate").await;
    let body = r#"{"variant":"scirocco","humans":"both"}"#;
    let create = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut statuses = Vec::new();
    for _ in 0..20 {
        let text = exchange(addr, create.as_bytes()).await;
        statuses.push(answers(&text)[0].0);
    }
    // The default allows 20 at once.
    assert!(statuses.iter().all(|&s| s == 201), "{statuses:?}");
    let text = exchange(addr, create.as_bytes()).await;
    assert!(text.to_ascii_lowercase().contains("retry-after:"), "{text}");
    json_error(&text, 429);
}

#[tokio::test]
async fn answers_that_hyper_would_give_bare_are_json_and_half_closed_clients_get_theirs() {
    let addr = start("bare").await;
    // HTTP/0.9 and bytes that are no HTTP at all, ended or not by the client.
    json_error(&exchange(addr, b"GET /\r\n").await, 400);
    let noise: Vec<u8> = (0u32..256)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    for bytes in [&noise[..], b"GET /api/games HTTP/1.1\r\nX-a: "] {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(bytes).await.unwrap();
        stream.shutdown().await.unwrap(); // SHUT_WR: nothing more will come
        let mut text = Vec::new();
        stream.read_to_end(&mut text).await.unwrap();
        let text = String::from_utf8_lossy(&text);
        json_error(&text, 400);
        assert!(
            text.to_ascii_lowercase().contains("x-frame-options: deny"),
            "{text}"
        );
    }
    // A whole request, then the half close: answered.
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let ask = format!("GET /api/engines HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    stream.write_all(ask.as_bytes()).await.unwrap();
    stream.shutdown().await.unwrap();
    let mut text = String::new();
    let read = stream.read_to_string(&mut text);
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .expect("answered and closed")
        .unwrap();
    assert_eq!(answers(&text).first().map(|a| a.0), Some(200), "{text}");
}

#[tokio::test]
async fn one_host_header_and_no_other_authority() {
    let addr = start("authority").await;
    let body = r#"{"variant":"scirocco","humans":"both"}"#;
    let create = |target: &str, hosts: &str| {
        format!(
            "POST {target} HTTP/1.1\r\n{hosts}Content-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let ours = format!("Host: {addr}\r\n");
    let twice = format!("{ours}Host: evil.example\r\n");
    let message = json_error(
        &exchange(addr, create("/api/games", &twice).as_bytes()).await,
        400,
    );
    assert!(message.contains("more than one Host"), "{message}");
    let absolute = create("http://evil.example/api/games", &ours);
    json_error(&exchange(addr, absolute.as_bytes()).await, 421);
    // The absolute form naming this server is still served.
    let own = create(&format!("http://{addr}/api/games"), &ours);
    let text = exchange(addr, own.as_bytes()).await;
    assert_eq!(answers(&text)[0].0, 201, "{text}");
}

/// A connection from `source` (any 127.x.y.z address is this machine's loopback).
async fn connect_from(source: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(source.into(), 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Reads what the server sends until it closes the connection, within `limit`.
async fn until_closed(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut text = Vec::new();
    let read = tokio::time::timeout(limit, stream.read_to_end(&mut text)).await;
    read.ok()
        .map(|_| String::from_utf8_lossy(&text).into_owned())
}

/// One client holding idle and half-sent connections cannot starve another: its excess is
/// refused at once, others are answered meanwhile, and the held ones close by their timeouts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_half_sent_connections_are_capped_and_closed() {
    let limits = jovian_web::ConnectionLimits {
        per_client: 60,
        total: 90,
        head_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(2),
    };
    let addr = start_with("idle", limits).await;
    let (hog, other, third) = (
        Ipv4Addr::new(127, 0, 0, 1),
        Ipv4Addr::new(127, 0, 0, 2),
        Ipv4Addr::new(127, 0, 0, 3),
    );
    let half_head = b"GET /api/games HTTP/1.1\r\nX-a: ".to_vec();
    let half_body = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{"
    )
    .into_bytes();
    let mut held = Vec::new();
    for i in 0..60 {
        let mut stream = connect_from(hog, addr).await;
        let sent = match i % 3 {
            0 => &b""[..],
            1 => &half_head[..],
            _ => &half_body[..],
        };
        stream.write_all(sent).await.unwrap();
        held.push((i % 3, stream));
    }
    // The address's cap is reached: one more is refused at once, with the reason.
    let mut extra = connect_from(hog, addr).await;
    let text = until_closed(&mut extra, Duration::from_secs(2))
        .await
        .expect("refused at once");
    assert!(json_error(&text, 503).contains("your address"), "{text}");
    // Another client is answered meanwhile.
    let asked = Instant::now();
    let mut normal = connect_from(other, addr).await;
    let ask = format!("GET /api/engines HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    normal.write_all(ask.as_bytes()).await.unwrap();
    let text = until_closed(&mut normal, Duration::from_secs(5))
        .await
        .expect("answered");
    let took = asked.elapsed();
    assert_eq!(answers(&text)[0].0, 200, "{text}");
    eprintln!("a normal request beside 60 held connections took {took:?}");
    assert!(took < Duration::from_secs(1), "{took:?}");
    // The total cap: 30 more from a third address fill it; then even a new address is refused.
    let mut third_held = Vec::new();
    for _ in 0..30 {
        third_held.push(connect_from(third, addr).await);
    }
    let mut over = connect_from(Ipv4Addr::new(127, 0, 0, 4), addr).await;
    let text = until_closed(&mut over, Duration::from_secs(2))
        .await
        .expect("refused at once");
    assert!(
        json_error(&text, 503).contains("too many connections"),
        "{text}"
    );
    // The held connections close by their timeouts: idle and half heads without an answer after
    // the head timeout, half bodies with a 408 after the body timeout.
    let begun = Instant::now();
    for (kind, mut stream) in held {
        let text = until_closed(&mut stream, Duration::from_secs(10))
            .await
            .expect("closed");
        if kind == 2 {
            assert!(
                json_error(&text, 408).contains("stopped arriving"),
                "{text}"
            );
        } else {
            assert_eq!(text, "", "closed without an answer");
        }
    }
    let closed_in = begun.elapsed();
    eprintln!("the held connections were all closed {closed_in:?} after the check began");
    assert!(closed_in < Duration::from_secs(8), "{closed_in:?}");
    drop(third_held);
    // Their places are free again.
    let text = exchange(addr, ask.as_bytes()).await;
    assert_eq!(answers(&text)[0].0, 200, "{text}");
}
