//! Pan: also wins by moving down two or more levels (from level 2 or 3 to
//! level 0, from level 3 to level 1), even when Athena keeps him from
//! moving up.

use super::Power;

/// Pan's power: a fall wins.
pub(crate) struct Pan;

impl Power for Pan {
    const NAME: &'static str = "pan";
    const TEXT: &'static str = "You also win if one of your workers moves down two or more levels.";
    const FALLS_WIN: bool = true;
}
