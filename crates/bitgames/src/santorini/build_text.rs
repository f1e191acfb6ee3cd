//! The builds written after a move's step (`^C3`, `^C3X`, `^C3^D4`,
//! `^C3~D4`, `^C3@D4`, `^C3=ne`, `^C3*D4`, `^C3^D4X^E5X`, `^C3^C3^D4`):
//! which turn of a god they make.

use super::bitboard::Space;
use super::game::{Move, Power};
use super::notation::NotationError;

/// The move of a step and its builds: `C3` (one), `C3X` (a dome), `^C3`
/// (two blocks on one space), `B3^C3` (two spaces), `B3~C3` (a build, then
/// a block removed), `B3^C3X` (a build, then a dome), `B3@C3` (a build,
/// then the god's act on C3).
pub(super) fn builds_of(from: Space, to: Space, builds: &str) -> Result<Move, NotationError> {
    let bad = || NotationError::BadMove(crate::excerpt(builds).into_owned());
    // Poseidon's unmoved worker's builds: `C3*D4*D4`.
    if let Some((build, rest)) = builds.split_once('*') {
        let mut extra = [to; 3];
        for (i, s) in rest.split('*').enumerate() {
            *extra.get_mut(i).ok_or_else(bad)? = s.trim().parse()?;
        }
        let n = rest.split('*').count();
        // No one builds where the moved worker stands.
        if extra[..n].contains(&to) {
            return Err(bad());
        }
        extra[..n].sort_unstable_by_key(|s| s.index());
        return Ok(Move::Power(Power::Besides {
            from,
            to,
            build: build.parse()?,
            extra,
        }));
    }
    // Polyphemus' two domes: `C3^D4X^E5X`.
    if builds.matches('X').count() == 2 {
        let mut parts = builds.split('^');
        let (Some(build), Some(a), Some(b), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let dome = |t: &str| t.strip_suffix('X').ok_or_else(bad)?.parse::<Space>();
        let mut domes = [dome(a)?, dome(b)?];
        domes.sort_unstable_by_key(|s| s.index());
        return Ok(Move::Power(Power::Domes {
            from,
            to,
            build: build.parse()?,
            domes,
        }));
    }
    // Morpheus' three builds or more: `C3^C3^D4`.
    if !builds.contains(['X', '~', '@', '=']) && builds.split('^').count() >= 3 {
        let spaces = builds
            .split('^')
            .map(|t| t.trim().parse::<Space>())
            .collect::<Result<Vec<_>, _>>()?;
        let heaps = super::game::Heaps::of(to, spaces).ok_or_else(bad)?;
        return Ok(Move::Power(Power::Heaps { from, to, heaps }));
    }
    if let Some((build, wind)) = builds.split_once('=') {
        return Ok(Move::Power(Power::Wind {
            from,
            to,
            build: build.parse()?,
            wind: super::steps::wind_of(wind).ok_or_else(bad)?,
        }));
    }
    if let Some((build, at)) = builds.split_once('@') {
        return Ok(Move::Power(Power::Act {
            from,
            to,
            build: build.parse()?,
            at: at.parse()?,
        }));
    }
    if let Some((build, remove)) = builds.split_once('~') {
        return Ok(Move::Power(Power::Remove {
            from,
            to,
            build: build.parse()?,
            remove: remove.parse()?,
        }));
    }
    if let Some((build, dome)) = builds.strip_suffix('X').and_then(|b| b.split_once('^')) {
        return Ok(Move::Power(Power::AndDome {
            from,
            to,
            build: build.parse()?,
            dome: dome.parse()?,
        }));
    }
    if let Some(build) = builds.strip_prefix('^') {
        let build = build.parse()?;
        return Ok(Move::Power(Power::Twice {
            from,
            to,
            build,
            second: build,
        }));
    }
    if let Some(build) = builds.strip_suffix('X') {
        return Ok(Move::Power(Power::Dome {
            from,
            to,
            build: build.parse()?,
        }));
    }
    if let Some((a, b)) = builds.split_once('^') {
        let (a, b): (Space, Space) = (a.parse()?, b.parse()?);
        let (build, second) = if a.index() <= b.index() {
            (a, b)
        } else {
            (b, a)
        };
        return Ok(Move::Power(Power::Twice {
            from,
            to,
            build,
            second,
        }));
    }
    Ok(Move::Build {
        from,
        to,
        build: builds.parse()?,
    })
}
