//! One site in one language, indexed by slug, id and reference.

use site::content::*;
use site::snapshot::LocaleContent;
use std::collections::HashMap;

pub struct LocaleIndex {
    pub content: LocaleContent,
    cinemas: HashMap<String, usize>,
    cities: HashMap<String, usize>,
    shows: HashMap<String, usize>,
    seasons: HashMap<String, usize>,
    articles: HashMap<String, usize>,
    experience_articles: HashMap<String, usize>,
    offers: HashMap<String, usize>,
    experiences: HashMap<String, usize>,
    groups: HashMap<String, usize>,
    faq_by_id: HashMap<String, usize>,
    faq_by_slug: HashMap<String, usize>,
    masters: HashMap<String, usize>,
}

fn index<T>(items: &[T], key: impl Fn(&T) -> &str) -> HashMap<String, usize> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| (key(item).to_string(), i))
        .collect()
}

impl LocaleIndex {
    pub fn new(content: LocaleContent) -> LocaleIndex {
        LocaleIndex {
            cinemas: index(&content.cinemas, |c| &c.cinema.slug),
            cities: index(&content.cities, |c| &c.city.slug),
            shows: index(&content.shows, |s| &s.slug),
            seasons: index(&content.seasons, |s| &s.season.slug),
            articles: index(&content.articles, |a| &a.slug),
            experience_articles: index(&content.experience_articles, |a| &a.article.slug),
            offers: index(&content.offers, |o| &o.article.slug),
            experiences: index(&content.experiences, |e| &e.slug),
            groups: index(&content.experience_groups, |g| &g.experience.slug),
            faq_by_id: index(&content.faq_articles, |f| &f.id),
            faq_by_slug: index(&content.faq_articles, |f| &f.slug),
            masters: index(&content.master_templates, |m| &m.slug),
            content,
        }
    }

    pub fn cinema(&self, slug: &str) -> Option<&CinemaDetail> {
        self.cinemas.get(slug).map(|&i| &self.content.cinemas[i])
    }
    pub fn city(&self, slug: &str) -> Option<&CityDetail> {
        self.cities.get(slug).map(|&i| &self.content.cities[i])
    }
    pub fn show(&self, slug: &str) -> Option<&Show> {
        self.shows.get(slug).map(|&i| &self.content.shows[i])
    }
    pub fn season(&self, slug: &str) -> Option<&SeasonDetail> {
        self.seasons.get(slug).map(|&i| &self.content.seasons[i])
    }
    pub fn article(&self, slug: &str) -> Option<&Article> {
        self.articles.get(slug).map(|&i| &self.content.articles[i])
    }
    pub fn experience_article(&self, slug: &str) -> Option<&ExperienceArticle> {
        self.experience_articles
            .get(slug)
            .map(|&i| &self.content.experience_articles[i])
    }
    pub fn offer(&self, slug: &str) -> Option<&Offer> {
        self.offers.get(slug).map(|&i| &self.content.offers[i])
    }
    pub fn experience(&self, slug: &str) -> Option<&Experience> {
        self.experiences
            .get(slug)
            .map(|&i| &self.content.experiences[i])
    }
    pub fn experience_group(&self, slug: &str) -> Option<&ExperienceGroup> {
        self.groups
            .get(slug)
            .map(|&i| &self.content.experience_groups[i])
    }
    pub fn faq_by_id(&self, id: &str) -> Option<&FaqArticle> {
        self.faq_by_id
            .get(id)
            .map(|&i| &self.content.faq_articles[i])
    }
    pub fn faq_by_slug(&self, slug: &str) -> Option<&FaqArticle> {
        self.faq_by_slug
            .get(slug)
            .map(|&i| &self.content.faq_articles[i])
    }
    pub fn master_template(&self, slug: &str) -> Option<&MasterTemplate> {
        self.masters
            .get(slug)
            .map(|&i| &self.content.master_templates[i])
    }

    /// The slug of the item with this reference, whichever kind of item it is.
    pub fn slug_of(&self, kind: Translatable, reference: &str) -> Option<String> {
        let c = &self.content;
        match kind {
            Translatable::Cinema => c
                .cinemas
                .iter()
                .find(|x| x.cinema.vista_ref == reference)
                .map(|x| x.cinema.slug.clone()),
            Translatable::Show => c
                .shows
                .iter()
                .find(|x| x.reference == reference)
                .map(|x| x.slug.clone()),
            Translatable::Article => c
                .articles
                .iter()
                .find(|x| x.reference == reference)
                .map(|x| x.slug.clone())
                .or_else(|| {
                    c.experience_articles
                        .iter()
                        .find(|x| x.article.reference == reference)
                        .map(|x| x.article.slug.clone())
                }),
            Translatable::Offer => c
                .offers
                .iter()
                .find(|x| x.article.reference == reference)
                .map(|x| x.article.slug.clone()),
            Translatable::MasterTemplate => c
                .master_templates
                .iter()
                .find(|x| x.reference == reference)
                .map(|x| x.slug.clone()),
        }
    }
}

/// Kinds of items whose slug may differ per language (the `/…/translate` calls).
#[derive(Clone, Copy, Debug)]
pub enum Translatable {
    Cinema,
    Show,
    Article,
    Offer,
    MasterTemplate,
}
