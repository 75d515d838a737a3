//! The clock, injectable so tests and demos never depend on the day they run.

use chrono::{DateTime, Utc};

#[derive(Clone, Copy, Debug)]
pub enum Clock {
    System,
    Fixed(DateTime<Utc>),
}

impl Clock {
    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(at) => *at,
        }
    }
}
