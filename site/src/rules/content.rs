//! Small content-cleaning rules of spec §5: e-card texts, footer FAQ items, agent chat.

use crate::content::{AgentChatConfig, ECard, FooterFaqItem, Settings};

/// An e-card with an empty (or blank) label or terms turned into `None` (spec §5: "Empty
/// e-card label or terms become null"). Deserialisation already does this; this covers
/// e-cards built in code (demo content, tests) so both paths give the same value.
pub fn normalise_ecard(mut ecard: ECard) -> ECard {
    ecard.label = ecard.label.filter(|s| !s.trim().is_empty());
    ecard.terms = ecard.terms.filter(|s| !s.trim().is_empty());
    ecard
}

/// Whether a footer FAQ question is shown (spec §5: it needs both title and description).
/// The description is HTML, so one with only tags and blanks (`<p> </p>`, what an editor
/// leaves behind) counts as empty.
pub fn faq_item_shown(item: &FooterFaqItem) -> bool {
    !item.title.trim().is_empty() && has_text(&item.description)
}

/// The footer FAQ questions to show, in order.
pub fn footer_faq(items: &[FooterFaqItem]) -> Vec<&FooterFaqItem> {
    items.iter().filter(|i| faq_item_shown(i)).collect()
}

/// Whether HTML has visible text: anything outside tags other than blanks and `&nbsp;`.
fn has_text(html: &str) -> bool {
    let mut in_tag = false;
    let mut text = String::new();
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    !text.replace("&nbsp;", " ").trim().is_empty()
}

/// The agent chat configuration, only when usable (spec §5: all four settings non-null).
/// "Non-null" is taken literally: a present but empty value counts as set, as the spec says.
pub fn agent_chat(settings: &Settings) -> Option<&AgentChatConfig> {
    Some(&settings.agent_chat).filter(|c| c.is_complete())
}
