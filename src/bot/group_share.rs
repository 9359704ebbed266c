//! Each member's share of a group's send pace. A platform that paces sends to a group (Telegram:
//! 20 messages a minute) cannot answer one member's burst without holding up everyone else's
//! replies behind it, so in a group a member's commands are answered at up to half the group's
//! pace, with a burst of a quarter of it; what goes over gets one refusal, and the rest of the
//! burst is dropped rather than queued. Two players of one game in a group each keep half the
//! pace, which is all the group would carry for them anyway.

use crate::bot::limits::{Bucket, Verdict, take_from};
use crate::bot::platform::Platform;
use crate::games::Timestamp;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

const MINUTE_MS: i64 = 60_000;

/// One member's share of a group's pace of `group_per_minute` messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Share {
    /// Commands answered at once, before the pace applies.
    pub(crate) burst: u32,
    /// Commands answered a minute over time.
    pub(crate) per_minute: u32,
}

impl Share {
    pub(crate) fn of_group_pace(group_per_minute: u32) -> Share {
        Share {
            burst: (group_per_minute / 4).max(1),
            per_minute: (group_per_minute / 2).max(1),
        }
    }

    /// How long an empty bucket takes to fill again.
    fn refill_ms(self) -> i64 {
        i64::from(self.burst) * MINUTE_MS / i64::from(self.per_minute)
    }
}

/// The platforms' group paces and the members' buckets in this process (a chat's lines reach
/// one process, as for [`RateLimiter`](crate::bot::limits::RateLimiter)).
#[derive(Debug, Default)]
pub(crate) struct GroupShares {
    paces: Mutex<HashMap<Platform, Share>>,
    buckets: Mutex<HashMap<(Platform, String, String), Bucket>>,
}

impl GroupShares {
    /// Tells the limiter that `platform` sends at most `per_minute` messages to one group.
    pub(crate) fn set_pace(&self, platform: Platform, per_minute: u32) {
        self.paces
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(platform, Share::of_group_pace(per_minute));
    }

    /// The share of `platform`'s group pace for a member, if the platform paces groups.
    pub(crate) fn share(&self, platform: Platform) -> Option<Share> {
        self.paces
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&platform)
            .copied()
    }

    /// Whether `user`'s line in group `chat` is answered, refused or dropped; always answered
    /// where the platform does not pace groups.
    pub(crate) fn check(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
        now: Timestamp,
    ) -> Verdict {
        let Some(share) = self.share(platform) else {
            return Verdict::Answer;
        };
        take_from(
            &self.buckets,
            (platform, chat.to_string(), user.to_string()),
            share.burst,
            share.refill_ms(),
            now,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn telegrams_pace_gives_each_member_half_with_a_burst_of_five() {
        assert_eq!(
            Share::of_group_pace(20),
            Share {
                burst: 5,
                per_minute: 10
            }
        );
        assert_eq!(Share::of_group_pace(1).burst, 1);
    }

    /// 300 lines from one member in 2.4 s: five answered, one refusal, the rest dropped; the
    /// other member and other groups are answered meanwhile; a game's pace (a move every 6 s
    /// each) is never refused.
    #[test]
    fn one_members_burst_is_cut_to_its_share_and_refused_once() {
        let shares = GroupShares::default();
        shares.set_pace(Platform::Telegram, 20);
        let verdicts: Vec<Verdict> = (0..300)
            .map(|i| {
                shares.check(
                    Platform::Telegram,
                    "-1",
                    "alice",
                    Timestamp::from_millis(1_000_000 + i * 8),
                )
            })
            .collect();
        let count = |v: Verdict| verdicts.iter().filter(|&&x| x == v).count();
        assert_eq!(count(Verdict::Answer), 5);
        assert_eq!(count(Verdict::Refuse), 1);
        assert_eq!(count(Verdict::Drop), 294);
        assert_eq!(
            shares.check(
                Platform::Telegram,
                "-1",
                "bob",
                Timestamp::from_millis(1_002_400)
            ),
            Verdict::Answer
        );
        assert_eq!(
            shares.check(
                Platform::Telegram,
                "-2",
                "alice",
                Timestamp::from_millis(1_002_400)
            ),
            Verdict::Answer
        );
        // Unpaced platforms are not limited here.
        assert_eq!(
            shares.check(
                Platform::Discord,
                "-1",
                "alice",
                Timestamp::from_millis(1_002_400)
            ),
            Verdict::Answer
        );
        let steady = GroupShares::default();
        steady.set_pace(Platform::Telegram, 20);
        for i in 0..100 {
            assert_eq!(
                steady.check(
                    Platform::Telegram,
                    "-1",
                    "alice",
                    Timestamp::from_millis(i * 6_000)
                ),
                Verdict::Answer
            );
        }
    }
}
