//! Shared by the tests: for `bitgames serve`, start the built binary on a
//! free port, and a minimal HTTP/1.1 GET client over a plain TCP stream;
//! for the books, a book file in Pascal Pons' format.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `bitgames serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
}

impl Server {
    /// Starts `bitgames serve --quiet --port 0` with extra arguments and waits for its address.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
            .args(["serve", "--quiet", "--host", "127.0.0.1", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start bitgames serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the first line");
        let addr = line
            .trim()
            .strip_prefix("bitgames serve: listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `http://127.0.0.1:PORT`
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// GET `path` (already encoded); the status and the body.
    pub fn get_text(&self, path: &str) -> (u16, String) {
        get(&self.addr, path)
    }

    /// GET `path` with the query parameters encoded; the status and the JSON body.
    pub fn get(&self, path: &str, params: &[(&str, &str)]) -> (u16, serde_json::Value) {
        let (status, body) = get(&self.addr, &with_query(path, params));
        let json = serde_json::from_str(&body)
            .unwrap_or_else(|e| panic!("{path}: body is not JSON ({e}): {body}"));
        (status, json)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Percent-encodes a query component.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// `path?k=v&...` with the values encoded.
pub fn with_query(path: &str, params: &[(&str, &str)]) -> String {
    if params.is_empty() {
        return path.to_string();
    }
    let q: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    format!("{path}?{}", q.join("&"))
}

/// One GET request on a fresh connection (bounded by a 60 s timeout).
pub fn get(addr: &str, path: &str) -> (u16, String) {
    request(addr, "GET", path)
}

/// One request with this method and no body.
pub fn request(addr: &str, method: &str, path: &str) -> (u16, String) {
    let (status, _, body) = request_with_head(addr, method, path);
    (status, body)
}

/// The value of the header `name` (any case) in a response head, if any.
pub fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// One request with this method and no body: the status, the head (status
/// line and headers) and the body.
pub fn request_with_head(addr: &str, method: &str, path: &str) -> (u16, String, String) {
    let stream = TcpStream::connect(addr).expect("connect");
    request_on(stream, addr, method, path)
}

/// One GET request on a fresh connection from the loopback address `source`
/// (such as 127.0.0.2): a client apart from the rest of the test's, as the
/// server counts connections by address.
pub fn get_from(source: std::net::Ipv4Addr, addr: &str, path: &str) -> (u16, String) {
    use socket2::{Domain, Socket, Type};
    let target: std::net::SocketAddr = addr.parse().expect("a socket address");
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a socket");
    socket
        .bind(&std::net::SocketAddr::from((source, 0)).into())
        .expect("bind the source address");
    socket.connect(&target.into()).expect("connect");
    let (status, _, body) = request_on(socket.into(), addr, "GET", path);
    (status, body)
}

fn request_on(stream: TcpStream, addr: &str, method: &str, path: &str) -> (u16, String, String) {
    try_request_on(stream, addr, method, path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// One GET request on a fresh connection, or why no answer came (the
/// connection refused, reset or closed before a whole head): for a client
/// the server may close to make room.
pub fn try_get(addr: &str, path: &str) -> Result<(u16, String), String> {
    let stream = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
    try_request_on(stream, addr, "GET", path).map(|(status, _, body)| (status, body))
}

fn try_request_on(
    mut stream: TcpStream,
    addr: &str,
    method: &str,
    path: &str,
) -> Result<(u16, String, String), String> {
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("send: {e}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .map_err(|e| format!("read the answer: {e}"))?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("no header end in {text:?}"))?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {head:?}"))?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Ok((status, head.to_string(), body))
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// A book in Pascal Pons' format from `(key3, score)` pairs, written here
/// as his generator writes it (the library only reads the format): a
/// 6-byte header (width, height, depth, key bytes, 1 value byte, log2 of
/// the size), then the keys' low bytes and the values of a table of
/// `next_prime(2^log2)` slots, a key in slot `key % size`, a later pair
/// taking the slot of an earlier one; a value is `score - min_score + 1`.
pub fn pons_book(
    geometry: bitgames::connect4::Geometry,
    depth: u8,
    key_bytes: u8,
    log2: u8,
    entries: &[(u64, i32)],
) -> Vec<u8> {
    let size = bitgames::connect4::solver::book::pons::next_prime(1u64 << log2) as usize;
    let kb = key_bytes as usize;
    let mut keys = vec![0u8; size * kb];
    let mut values = vec![0u8; size];
    let min_score = -(geometry.cells() as i32) / 2 + 3;
    for &(key, score) in entries {
        let slot = (key % size as u64) as usize;
        keys[slot * kb..(slot + 1) * kb].copy_from_slice(&key.to_le_bytes()[..kb]);
        values[slot] = u8::try_from(score - min_score + 1).expect("a score of the board");
    }
    let width = u8::try_from(geometry.width()).expect("a small board");
    let height = u8::try_from(geometry.height()).expect("a small board");
    let mut out = vec![width, height, depth, key_bytes, 1, log2];
    out.extend(keys);
    out.extend(values);
    out
}
