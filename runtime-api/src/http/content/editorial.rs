//! News, offers, articles, master templates and the help centre: `/news…`, `/offers/…`,
//! `/news-offers`, `/offer/{slug}…`, `/article/{slug}…`, `/featured`, `/master-template/…`,
//! `/native-ad`, `/permanent-autopromo`, `/youtube/latest`, `/faq/…`.

use super::answer::{found, locale_of, translations};
use crate::content::index::Translatable;
use crate::http::doc::ApiRouter;
use crate::http::error::{ApiError, ApiResult};
use crate::http::locale::Locale;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use site::content::*;

/// Highlighted news items on the news page.
const HIGHLIGHTED_NEWS: usize = 2;
/// Featured items per type.
const FEATURED: usize = 6;

pub fn router() -> ApiRouter {
    ApiRouter::new("editorial")
        .get("/news", news, "News and offers")
        .answers::<NewsList>()
        .get("/news/{slug}", news_item, "A news article")
        .answers::<Article>()
        .get(
            "/news/{slug}/translate",
            article_translate,
            "The article's slug in every language",
        )
        .answers::<Translations>()
        .get("/news-offers", news, "News and offers")
        .answers::<NewsList>()
        .get("/offers/page", offers_page, "Header of the offers page")
        .answers::<OffersPageHeader>()
        .get("/offers/promotion", promotions, "Promotions")
        .answers::<Vec<Promotion>>()
        .get("/offers/temporary", temporary_offers, "Temporary offers")
        .answers::<Vec<TemporaryOffer>>()
        .get("/offer/{slug}", offer, "An offer")
        .answers::<Offer>()
        .get(
            "/offer/{slug}/translate",
            offer_translate,
            "The offer's slug in every language",
        )
        .answers::<Translations>()
        .get("/article/{slug}", article, "An article")
        .answers::<Article>()
        .get(
            "/article/{slug}/translate",
            article_translate,
            "The article's slug in every language",
        )
        .answers::<Translations>()
        .get("/featured", featured, "Featured items by type")
        .query(&["type"])
        .answers::<Featured>()
        .get(
            "/master-template/pages",
            master_templates,
            "Editorial pages",
        )
        .answers::<Vec<MasterTemplate>>()
        .get(
            "/master-template/page/{slug}",
            master_template,
            "An editorial page",
        )
        .answers::<MasterTemplate>()
        .get(
            "/master-template/page/{slug}/translate",
            master_template_translate,
            "The page's slug in every language",
        )
        .answers::<Translations>()
        .get("/native-ad", native_ad, "Native advertising slot")
        .answers::<Option<Promotion>>()
        .get(
            "/permanent-autopromo",
            permanent_autopromo,
            "Permanent self-promotion",
        )
        .answers::<Option<Promotion>>()
        .get(
            "/youtube/latest",
            youtube_latest,
            "Latest videos of the channel",
        )
        .answers::<Vec<Video>>()
        .get(
            "/faq/article/slug/{slug}",
            faq_by_slug,
            "A help-centre article by slug",
        )
        .answers::<FaqArticle>()
        .get(
            "/faq/article/id/{id}",
            faq_by_id,
            "A help-centre article by id",
        )
        .answers::<FaqArticle>()
        .get("/faq/category/{id}", faq_category, "A help-centre category")
        .answers::<FaqCategory>()
        .get(
            "/faq/categories",
            faq_categories,
            "Help-centre categories with their articles",
        )
        .answers::<FaqCategories>()
}

async fn news(State(app): State<AppState>, locale: Locale) -> Json<NewsList> {
    let content = &locale_of(&app, locale).content;
    // Moved articles stay reachable by their old slug only, not in lists.
    let mut news: Vec<Article> = content
        .articles
        .iter()
        .filter(|a| a.redirect_slug.is_none())
        .cloned()
        .collect();
    news.sort_by(|a, b| {
        b.release_date
            .cmp(&a.release_date)
            .then_with(|| a.slug.cmp(&b.slug))
    });
    let highlighted = news.iter().take(HIGHLIGHTED_NEWS).cloned().collect();
    let moved = content
        .articles
        .iter()
        .filter_map(|a| a.redirect_slug.clone().map(|to| (a.slug.clone(), to)))
        .collect();
    Json(NewsList {
        news,
        highlighted,
        offers: content.offers.clone(),
        moved,
    })
}

/// Any article by slug: news, event or experience article. One that moved answers with its
/// `redirectSlug` so clients go to the new slug (spec §2 article redirect).
fn any_article(app: &AppState, locale: Locale, slug: &str) -> ApiResult<Article> {
    let index = locale_of(app, locale);
    index
        .article(slug)
        .cloned()
        .or_else(|| index.experience_article(slug).map(|a| a.article.clone()))
        .or_else(|| index.offer(slug).map(|o| o.article.clone()))
        .ok_or_else(|| ApiError::not_found("article", slug))
}

async fn news_item(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Article>> {
    Ok(Json(
        found(locale_of(&app, locale).article(&slug), "news item", &slug)?.clone(),
    ))
}

async fn article(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Article>> {
    Ok(Json(any_article(&app, locale, &slug)?))
}

async fn article_translate(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Translations>> {
    let article = any_article(&app, locale, &slug)?;
    Ok(Json(translations(
        &app,
        locale,
        Translatable::Article,
        &article.reference,
    )))
}

async fn offers_page(
    State(app): State<AppState>,
    locale: Locale,
) -> ApiResult<Json<OffersPageHeader>> {
    Ok(Json(found(
        locale_of(&app, locale).content.offers_page.clone(),
        "offers page",
        "",
    )?))
}

async fn promotions(State(app): State<AppState>, locale: Locale) -> Json<Vec<Promotion>> {
    Json(locale_of(&app, locale).content.promotions.clone())
}

async fn temporary_offers(
    State(app): State<AppState>,
    locale: Locale,
) -> Json<Vec<TemporaryOffer>> {
    let mut offers = locale_of(&app, locale).content.temporary_offers.clone();
    offers.sort_by_key(|o| o.ordering);
    Json(offers)
}

async fn offer(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Offer>> {
    Ok(Json(
        found(locale_of(&app, locale).offer(&slug), "offer", &slug)?.clone(),
    ))
}

async fn offer_translate(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Translations>> {
    let offer = found(locale_of(&app, locale).offer(&slug), "offer", &slug)?;
    Ok(Json(translations(
        &app,
        locale,
        Translatable::Offer,
        &offer.article.reference,
    )))
}

#[derive(Deserialize)]
struct FeaturedQuery {
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// `/featured`'s answer: shows, articles or offers, by `type`.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
enum Featured {
    Shows(Vec<ShowSummary>),
    Articles(Vec<Article>),
    Offers(Vec<Offer>),
}

/// `/featured?type=show|news|offer`: what the home page puts forward; shows in the home list's
/// order of spec §9 (`site::rules::ordering`).
async fn featured(
    State(app): State<AppState>,
    locale: Locale,
    Query(q): Query<FeaturedQuery>,
) -> ApiResult<Json<Featured>> {
    let content = &locale_of(&app, locale).content;
    let gone = &app.content.site(locale.site).gone_shows;
    Ok(Json(match q.kind.as_deref().unwrap_or("show") {
        "show" => {
            let mut shows: Vec<&Show> = content
                .shows
                .iter()
                .filter(|s| s.bookable && !s.coming_soon && !gone.contains(&s.slug))
                .collect();
            // The spec's order (§9 weights, then the home order); no visitor, no favourites.
            let cx = site::rules::OrderContext {
                favourites: &[],
                tags: &content.tags,
            };
            site::rules::order_shows(&mut shows, site::rules::ShowList::Home, &cx, |s| s);
            Featured::Shows(
                shows
                    .into_iter()
                    .take(FEATURED)
                    .map(Show::summary)
                    .collect(),
            )
        }
        "news" => Featured::Articles(
            content
                .articles
                .iter()
                .filter(|a| a.redirect_slug.is_none())
                .take(FEATURED)
                .cloned()
                .collect(),
        ),
        "offer" => Featured::Offers(content.offers.iter().take(FEATURED).cloned().collect()),
        other => {
            return Err(ApiError::BadRequest(format!(
                "featured type {other:?} is not one of show, news, offer"
            )))
        }
    }))
}

async fn master_templates(
    State(app): State<AppState>,
    locale: Locale,
) -> Json<Vec<MasterTemplate>> {
    Json(locale_of(&app, locale).content.master_templates.clone())
}

async fn master_template(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<MasterTemplate>> {
    Ok(Json(
        found(
            locale_of(&app, locale).master_template(&slug),
            "master template",
            &slug,
        )?
        .clone(),
    ))
}

async fn master_template_translate(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<Translations>> {
    let page = found(
        locale_of(&app, locale).master_template(&slug),
        "master template",
        &slug,
    )?;
    Ok(Json(translations(
        &app,
        locale,
        Translatable::MasterTemplate,
        &page.reference,
    )))
}

async fn native_ad(State(app): State<AppState>, locale: Locale) -> Json<Option<Promotion>> {
    Json(locale_of(&app, locale).content.native_ad.clone())
}

async fn permanent_autopromo(
    State(app): State<AppState>,
    locale: Locale,
) -> Json<Option<Promotion>> {
    Json(locale_of(&app, locale).content.permanent_autopromo.clone())
}

async fn youtube_latest(State(app): State<AppState>, locale: Locale) -> Json<Vec<Video>> {
    Json(locale_of(&app, locale).content.youtube_latest.clone())
}

async fn faq_by_slug(
    State(app): State<AppState>,
    locale: Locale,
    Path(slug): Path<String>,
) -> ApiResult<Json<FaqArticle>> {
    Ok(Json(
        found(
            locale_of(&app, locale).faq_by_slug(&slug),
            "FAQ article",
            &slug,
        )?
        .clone(),
    ))
}

async fn faq_by_id(
    State(app): State<AppState>,
    locale: Locale,
    Path(id): Path<String>,
) -> ApiResult<Json<FaqArticle>> {
    Ok(Json(
        found(locale_of(&app, locale).faq_by_id(&id), "FAQ article", &id)?.clone(),
    ))
}

/// A category with no articles is not found (spec §2 FAQ category guard).
async fn faq_category(
    State(app): State<AppState>,
    locale: Locale,
    Path(id): Path<String>,
) -> ApiResult<Json<FaqCategory>> {
    let category = locale_of(&app, locale)
        .content
        .faq_categories
        .iter()
        .find(|c| c.id == id && !c.articles.is_empty())
        .cloned();
    Ok(Json(found(category, "FAQ category", &id)?))
}

/// Our addition: the categories with articles, so a generator can list the help centre.
async fn faq_categories(State(app): State<AppState>, locale: Locale) -> Json<FaqCategories> {
    Json(
        locale_of(&app, locale)
            .content
            .faq_categories
            .iter()
            .filter(|c| !c.articles.is_empty())
            .cloned()
            .collect(),
    )
}
