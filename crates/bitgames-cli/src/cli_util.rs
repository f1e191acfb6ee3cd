//! Helpers shared by the subcommands: reading input lines, reporting errors.

use std::io::{self, BufRead};
use std::path::PathBuf;
use std::time::Duration;

/// The longest time a command waits or thinks: a day, in seconds. Larger
/// times (`1e20s`) are refused rather than overflow a `Duration` or an `Instant`.
pub const MAX_SECONDS: f64 = bitgames::engine::MAX_TIME.as_secs_f64();

/// One line of input: its source (`stdin` or a file name), its 1-based
/// number, and its text, or why it is not text (it is not UTF-8).
pub type InputLine = (String, usize, Result<String, String>);

/// The lines of the named files, or of standard input when none is named
/// (`-` also names standard input). Each line comes with its 1-based number
/// and the name of its source, for error messages. Lines are read as bytes:
/// a line that is not UTF-8 is an error of that line alone.
pub fn input_lines(files: &[PathBuf]) -> anyhow::Result<Vec<InputLine>> {
    let mut out = Vec::new();
    if files.is_empty() {
        read_into("stdin", io::stdin().lock(), &mut out)?;
    } else {
        for f in files {
            if f.as_os_str() == "-" {
                read_into("stdin", io::stdin().lock(), &mut out)?;
            } else {
                let file = std::fs::File::open(f)
                    .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", f.display()))?;
                read_into(&f.display().to_string(), io::BufReader::new(file), &mut out)?;
            }
        }
    }
    Ok(out)
}

fn read_into(
    source: &str,
    mut reader: impl BufRead,
    out: &mut Vec<InputLine>,
) -> anyhow::Result<()> {
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let n = reader
            .read_until(b'\n', &mut bytes)
            .map_err(|e| anyhow::anyhow!("{source}: line {number}: {e}"))?;
        if n == 0 {
            break;
        }
        // As `BufRead::lines`: without the `\n` or `\r\n` that ends the line.
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        out.push((source.to_string(), number, line_text(&bytes)));
    }
    Ok(())
}

/// The line as text, or which byte makes it not UTF-8.
fn line_text(bytes: &[u8]) -> Result<String, String> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            Err(format!(
                "not UTF-8 text: byte {} is 0x{:02x}",
                at + 1,
                bytes[at]
            ))
        }
    }
}

/// A duration such as `1s`, `250ms`, `0.1s` or `2` (seconds): more than 0
/// and at most a day (the one time syntax of every command).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    bitgames::engine::parse_time(text)
}

/// A thread count (`-j`): a whole number from 1 to
/// [`bitgames::engine::MAX_THREADS`] (the one rule of every command that
/// takes one).
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    bitgames::engine::parse_threads(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_utf8_is_an_error_of_that_line_alone() {
        let mut out = Vec::new();
        read_into(
            "stdin",
            &b"4453\n44\xff\xfe55\r\n\n44455554221"[..],
            &mut out,
        )
        .unwrap();
        let texts: Vec<_> = out.iter().map(|(_, n, t)| (*n, t.clone())).collect();
        assert_eq!(
            texts,
            vec![
                (1, Ok("4453".to_string())),
                (2, Err("not UTF-8 text: byte 3 is 0xff".to_string())),
                (3, Ok(String::new())),
                (4, Ok("44455554221".to_string())),
            ]
        );
    }
}
