//! The outbox: every send a handled update owes is queued as a [`Delivery`] in the same
//! transaction that records the update, and sent from per-chat [`Lanes`].

use super::PLATFORM;
use super::config::BoardLinks;
use super::delivery::Delivery;
use super::format::plan;
use super::links::chat_links;
use crate::bot::Outgoing;
use crate::bot::Service;
use crate::bot::schedule::Poster;
use crate::chat::shared::RetryPolicy;
use crate::store::OutboxItem;
use std::collections::{HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

/// Daily posts go through the outbox like every reply: queued here, sent by the poll loop.
pub(super) struct DailyPoster<'a> {
    pub(super) service: &'a Service,
    pub(super) bot_name: String,
    /// The board app's links, where it is served.
    pub(super) board_links: Option<BoardLinks>,
}

impl Poster for DailyPoster<'_> {
    async fn post(&self, chat: &str, replies: Vec<Outgoing>) -> Result<(), String> {
        // A forum topic's address is `chat/topic` (`bot::chat_address`).
        let (chat, thread) = match chat.split_once('/') {
            Some((chat, thread)) => (chat, thread.parse::<i32>().ok()),
            None => (chat, None),
        };
        let chat: i64 = chat
            .parse()
            .map_err(|_| format!("{chat} is not a Telegram chat id"))?;
        let link = Some(chat_links(&self.bot_name, chat, self.board_links.as_ref()));
        let mut outbox = Vec::new();
        for reply in &replies {
            for (delivery, attachment) in plan(reply, chat, chat, thread, link.as_ref()) {
                outbox.push(delivery.queued(attachment).map_err(|e| e.to_string())?);
            }
        }
        self.service
            .store()
            .queue_outbox(PLATFORM, &outbox, self.service.now())
            .await
            .map_err(|e| e.to_string())
    }
}

/// Where a queued send goes: one lane per chat, so that a chat's replies keep their order and
/// its flood control holds up no other chat; answers to button presses have their own lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Lane {
    Chat(i64),
    Answers,
}

fn lane_of(item: &OutboxItem) -> Lane {
    match serde_json::from_str::<Delivery>(&item.payload).map(|delivery| delivery.chat()) {
        Ok(Some(chat)) => Lane::Chat(chat),
        // An unreadable entry is dropped by `send` with a log line, wherever it waits.
        _ => Lane::Answers,
    }
}

/// The outbox as the sending side holds it: queued rows per lane, lanes busy or resting.
#[derive(Default)]
pub(super) struct Lanes {
    queued: HashMap<Lane, VecDeque<OutboxItem>>,
    /// Lanes with a send on its way.
    busy: HashSet<Lane>,
    /// Lanes that wait before trying again (Telegram kept failing their sends), and how long
    /// their next rest is.
    resting: HashMap<Lane, (Instant, Duration)>,
    /// Every outbox id queued here or on its way.
    known: HashSet<i64>,
    /// The highest outbox id read.
    pub(super) seen: i64,
}

impl Lanes {
    /// Queues what was read, in id order within each lane, skipping what is known.
    pub(super) fn add(&mut self, items: Vec<OutboxItem>) {
        for item in items {
            self.seen = self.seen.max(item.id);
            if !self.known.insert(item.id) {
                continue;
            }
            let queue = self.queued.entry(lane_of(&item)).or_default();
            let at = queue.partition_point(|queued| queued.id < item.id);
            queue.insert(at, item);
        }
    }

    /// The next row of every lane that may send now.
    pub(super) fn ready(&mut self, now: Instant) -> Vec<(Lane, OutboxItem)> {
        let mut ready = Vec::new();
        for (lane, queue) in &mut self.queued {
            let resting = self
                .resting
                .get(lane)
                .is_some_and(|(until, _)| *until > now);
            if self.busy.contains(lane) || resting {
                continue;
            }
            if let Some(item) = queue.pop_front() {
                self.busy.insert(*lane);
                ready.push((*lane, item));
            }
        }
        self.queued.retain(|_, queue| !queue.is_empty());
        ready
    }

    /// A send is over: done with (`retry` false) or to be tried again after a rest.
    pub(super) fn finish(
        &mut self,
        lane: Lane,
        item: OutboxItem,
        retry: bool,
        policy: &RetryPolicy,
    ) {
        self.busy.remove(&lane);
        if retry {
            let rest = self
                .resting
                .get(&lane)
                .map_or(policy.first_delay, |(_, last)| policy.next_delay(*last));
            self.resting.insert(lane, (Instant::now() + rest, rest));
            self.queued.entry(lane).or_default().push_front(item);
        } else {
            self.resting.remove(&lane);
            self.known.remove(&item.id);
            // SQLite gives a new row the highest id in the table plus one: once every row
            // read is sent, the next rows may reuse ids up to `seen`, so the next read starts
            // from the beginning. Else a reply's first row (a picture) could wait for the
            // rescan while its second (the game's replay) went at once.
            if self.known.is_empty() {
                self.seen = 0;
            }
        }
    }

    /// How many outbox rows are queued here or on their way: read and not yet done with.
    pub(super) fn depth(&self) -> usize {
        self.known.len()
    }

    /// When the first resting lane with something queued may send again.
    pub(super) fn next_wake(&self) -> Option<Instant> {
        self.resting
            .iter()
            .filter(|(lane, _)| self.queued.contains_key(lane))
            .map(|(_, (until, _))| *until)
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: i64, chat: Option<i64>) -> OutboxItem {
        let delivery = match chat {
            Some(chat) => Delivery::Text {
                chat,
                text: format!("reply {id}"),
                keyboard: Vec::new(),
                spoilers: Vec::new(),
                mentions: Vec::new(),
                thread: None,
            },
            None => Delivery::Answer {
                callback: format!("press {id}"),
            },
        };
        OutboxItem {
            id,
            payload: serde_json::to_string(&delivery).unwrap(),
            attachment: None,
        }
    }

    #[test]
    fn each_chat_sends_in_order_one_at_a_time_and_rests_alone() {
        let policy = super::super::config::DEFAULT_RETRY;
        let mut lanes = Lanes::default();
        lanes.add(vec![
            item(1, Some(-5)),
            item(2, Some(7)),
            item(3, Some(-5)),
            item(4, None),
        ]);
        let now = Instant::now();
        let mut first: Vec<i64> = lanes.ready(now).iter().map(|(_, i)| i.id).collect();
        first.sort();
        assert_eq!(first, [1, 2, 4], "one send per lane at a time");
        assert!(lanes.ready(now).is_empty(), "every lane is busy");
        // The group's send meets flood control: it rests, alone, and keeps its place.
        lanes.finish(Lane::Chat(-5), item(1, Some(-5)), true, &policy);
        lanes.finish(Lane::Chat(7), item(2, Some(7)), false, &policy);
        lanes.add(vec![item(5, Some(7)), item(3, Some(-5))]);
        assert_eq!(
            lanes.queued[&Lane::Chat(-5)].len(),
            2,
            "a row already queued is not queued twice"
        );
        let next: Vec<i64> = lanes.ready(now).iter().map(|(_, i)| i.id).collect();
        assert_eq!(
            next,
            [5],
            "the resting group waits; the private chat goes on"
        );
        let woken = lanes.next_wake().expect("the group wakes");
        let after: Vec<i64> = lanes.ready(woken).iter().map(|(_, i)| i.id).collect();
        assert_eq!(after, [1], "then the group goes on where it stopped");
        // A row read late (committed out of id order) still takes its place in its lane.
        lanes.add(vec![item(0, Some(-5))]);
        assert_eq!(lanes.queued[&Lane::Chat(-5)].front().map(|i| i.id), Some(0));
        assert_eq!(lanes.seen, 5);
    }
}

#[cfg(test)]
mod file_lane_tests {
    use super::*;

    #[test]
    fn a_file_goes_in_its_chats_lane_after_the_picture_before_it() {
        let photo = Delivery::Photo {
            chat: -5,
            caption: "c".into(),
            keyboard: Vec::new(),
            spoilers: Vec::new(),
            mentions: Vec::new(),
            thread: None,
        };
        let file = Delivery::File {
            chat: -5,
            name: "kibitz-1.gif".into(),
            caption: "c".into(),
            animation: true,
            thread: None,
        };
        let item = |id: i64, delivery: &Delivery| OutboxItem {
            id,
            payload: serde_json::to_string(delivery).unwrap(),
            attachment: Some(vec![1]),
        };
        assert_eq!(lane_of(&item(2, &file)), Lane::Chat(-5));
        let mut lanes = Lanes::default();
        lanes.add(vec![item(1, &photo), item(2, &file)]);
        let ready = lanes.ready(Instant::now());
        assert_eq!(ready.len(), 1);
        assert_eq!(ready[0].1.id, 1);
    }
}
