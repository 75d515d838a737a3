//! The OpenAPI document, generated from the handlers: every API route is registered through
//! `ApiRouter`, which adds it to the axum router and records it (method, path, summary,
//! parameters, bearer token, request body, answer) in the same call. A route cannot be served
//! without being documented, nor documented without being served: `get`, `post`, `patch` and
//! `delete` return a [`Route`], and only its `answers::<T>()` (or `no_content()`) serves it
//! and gives the `ApiRouter` back.
//!
//! The schemas come from the Rust types (schemars' `JsonSchema`, derived next to serde's
//! derives, so renames, `skip_serializing_if`, `default`, `Option` and enums are read from the
//! same attributes serde obeys): answers as their types serialise, request bodies as theirs
//! deserialise. Named types go to `components/schemas`, referenced with `$ref`.

use crate::state::AppState;
use axum::handler::Handler;
use axum::http::StatusCode;
use axum::routing::{delete, get, patch, post, MethodRouter};
use axum::Router;
use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::{JsonSchema, Schema};
use serde_json::{json, Map, Value};

/// Writes the schema of one type into a generator (its definitions included) and returns the
/// schema to put in place: a `$ref` for a named type, the schema itself for a list or a map.
pub type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

fn schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

/// What a call answers when it succeeds.
#[derive(Clone, Copy, Debug)]
pub enum Answer {
    /// 200 with a JSON body of this schema.
    Json(SchemaFn),
    /// 204 without a body.
    NoContent,
    /// 200 with a text body of this media type (an iCalendar file).
    Text(&'static str),
}

/// A JSON request body.
#[derive(Clone, Copy, Debug)]
pub struct RequestBody {
    pub schema: SchemaFn,
    /// Without it the call is a 415 (no JSON content type); an optional body may be left out.
    pub required: bool,
}

/// A request header a call reads (besides `Authorization`).
#[derive(Clone, Copy, Debug)]
pub struct HeaderParam {
    pub name: &'static str,
    pub description: &'static str,
}

#[derive(Clone, Debug)]
pub struct Operation {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub tag: &'static str,
    pub query: &'static [&'static str],
    pub headers: &'static [HeaderParam],
    pub bearer: bool,
    pub body: Option<RequestBody>,
    pub answer: Answer,
    /// Error statuses of this call besides those every call may answer (see `statuses`).
    pub errors: &'static [StatusCode],
    /// Takes the `language` query parameter (content calls, spec §7).
    pub localized: bool,
}

impl Operation {
    /// Every status the call may answer besides its success: 400 (a site, language, query or
    /// path value it cannot use), 404, 503 (shed under load, timed out, a dependency down);
    /// 401 and 403 with a bearer token; axum's refusals of a body (too large, not JSON, JSON of
    /// the wrong shape); and the call's own.
    pub fn error_statuses(&self) -> Vec<StatusCode> {
        let mut statuses = vec![
            StatusCode::BAD_REQUEST,
            StatusCode::NOT_FOUND,
            StatusCode::SERVICE_UNAVAILABLE,
        ];
        if self.bearer {
            statuses.extend([StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN]);
        }
        if self.body.is_some() {
            statuses.extend([
                StatusCode::PAYLOAD_TOO_LARGE,
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                StatusCode::UNPROCESSABLE_ENTITY,
            ]);
        }
        statuses.extend_from_slice(self.errors);
        statuses.sort();
        statuses.dedup();
        statuses
    }
}

pub struct ApiRouter {
    router: Router<AppState>,
    operations: Vec<Operation>,
    tag: &'static str,
}

/// A route being described: served (added to the router) and documented once its answer is
/// known, by [`Route::answers`] or [`Route::no_content`].
#[must_use = "a route is served only once its answer is documented: end with .answers::<T>()"]
pub struct Route {
    api: ApiRouter,
    method: &'static str,
    path: &'static str,
    route: MethodRouter<AppState>,
    summary: &'static str,
    query: &'static [&'static str],
    headers: &'static [HeaderParam],
    bearer: bool,
    body: Option<RequestBody>,
    errors: &'static [StatusCode],
    localized: bool,
}

impl ApiRouter {
    pub fn new(tag: &'static str) -> ApiRouter {
        ApiRouter {
            router: Router::new(),
            operations: Vec::new(),
            tag,
        }
    }

    fn route(
        self,
        method: &'static str,
        path: &'static str,
        route: MethodRouter<AppState>,
        summary: &'static str,
    ) -> Route {
        Route {
            api: self,
            method,
            path,
            route,
            summary,
            query: &[],
            headers: &[],
            bearer: false,
            body: None,
            errors: &[],
            localized: true,
        }
    }

    pub fn get<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Route {
        self.route("get", path, get(handler), summary)
    }

    pub fn post<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Route {
        self.route("post", path, post(handler), summary)
    }

    pub fn patch<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Route {
        self.route("patch", path, patch(handler), summary)
    }

    pub fn delete<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Route {
        self.route("delete", path, delete(handler), summary)
    }

    /// Applies `f` (a layer, typically) to the routes registered so far.
    pub fn map_router(mut self, f: impl FnOnce(Router<AppState>) -> Router<AppState>) -> Self {
        self.router = f(self.router);
        self
    }

    pub fn merge(mut self, other: ApiRouter) -> Self {
        self.router = self.router.merge(other.router);
        self.operations.extend(other.operations);
        self
    }

    pub fn into_parts(self) -> (Router<AppState>, Vec<Operation>) {
        (self.router, self.operations)
    }
}

impl Route {
    /// Query parameters the route reads (besides `language`).
    pub fn query(mut self, names: &'static [&'static str]) -> Self {
        self.query = names;
        self
    }

    /// Request headers the route reads (besides `Authorization`), all required.
    pub fn headers(mut self, headers: &'static [HeaderParam]) -> Self {
        self.headers = headers;
        self
    }

    /// The route needs `Authorization: Bearer`.
    pub fn bearer(mut self) -> Self {
        self.bearer = true;
        self
    }

    /// The route takes no `language` parameter.
    pub fn unlocalized(mut self) -> Self {
        self.localized = false;
        self
    }

    /// The route reads a JSON body of type `T` (`Json<T>`).
    pub fn body<T: JsonSchema>(mut self) -> Self {
        self.body = Some(RequestBody {
            schema: schema_of::<T>,
            required: true,
        });
        self
    }

    /// The route reads a JSON body of type `T` if there is one (`Option<Json<T>>`).
    pub fn optional_body<T: JsonSchema>(mut self) -> Self {
        self.body = Some(RequestBody {
            schema: schema_of::<T>,
            required: false,
        });
        self
    }

    /// Error statuses of this route besides those of every call (`Operation::error_statuses`).
    pub fn errors(mut self, statuses: &'static [StatusCode]) -> Self {
        self.errors = statuses;
        self
    }

    /// Serves the route, documented as answering 200 with the JSON of `T` (what the handler
    /// serialises).
    pub fn answers<T: JsonSchema>(self) -> ApiRouter {
        self.finish(Answer::Json(schema_of::<T>))
    }

    /// Serves the route, documented as answering 200 with a text body of `media_type`.
    pub fn answers_text(self, media_type: &'static str) -> ApiRouter {
        self.finish(Answer::Text(media_type))
    }

    /// Serves the route, documented as answering 204 without a body.
    pub fn no_content(self) -> ApiRouter {
        self.finish(Answer::NoContent)
    }

    fn finish(self, answer: Answer) -> ApiRouter {
        let Route {
            mut api,
            method,
            path,
            route,
            summary,
            query,
            headers,
            bearer,
            body,
            errors,
            localized,
        } = self;
        api.router = api.router.route(path, route);
        api.operations.push(Operation {
            method,
            path,
            summary,
            tag: api.tag,
            query,
            headers,
            bearer,
            body,
            answer,
            errors,
            localized,
        });
        api
    }
}

/// OpenAPI 3.1 for the operations, mounted under `prefix` (`/api`), as `site` serves them:
/// its languages only (another is a 400), and every status an answer can have.
pub fn openapi_for_site(prefix: &str, operations: &[Operation], site: site::Site) -> Value {
    let languages: Vec<&str> = site.languages().iter().map(|l| l.code()).collect();
    let mut doc = openapi(prefix, operations);
    if let Some(paths) = doc["paths"].as_object_mut() {
        for operation in paths.values_mut().filter_map(Value::as_object_mut) {
            for op in operation.values_mut() {
                for parameter in op["parameters"].as_array_mut().into_iter().flatten() {
                    if parameter["name"] == "language" {
                        parameter["schema"]["enum"] = json!(languages);
                    }
                }
            }
        }
    }
    doc["info"]["description"] = json!(format!(
        "Content (spec §7) and live calls of the {} site (the Host header chooses the site).",
        site.code()
    ));
    doc
}

/// Where schemars puts the named schemas, and so where its `$ref`s point.
const SCHEMAS: &str = "/components/schemas";

fn generator(settings: SchemaSettings) -> SchemaGenerator {
    settings
        .with(|s| {
            s.definitions_path = SCHEMAS.into();
            s.meta_schema = None;
        })
        .into_generator()
}

/// OpenAPI 3.1 for the operations, mounted under `prefix` (`/api`).
pub fn openapi(prefix: &str, operations: &[Operation]) -> Value {
    // Answers are described as they are serialised, bodies as they are deserialised (a field
    // with a default may be left out of a body, and is always present in an answer).
    let mut answers = generator(SchemaSettings::draft2020_12().for_serialize());
    let mut bodies = generator(SchemaSettings::draft2020_12().for_deserialize());
    let error = answers.subschema_for::<crate::http::error::ErrorBody>();
    let mut paths = Map::new();
    for op in operations {
        let path = format!("{prefix}{}", op.path);
        let mut parameters: Vec<Value> = path_params(op.path)
            .into_iter()
            .map(|name| {
                json!({"name": name, "in": "path", "required": true, "schema": path_schema(name)})
            })
            .collect();
        if op.localized {
            parameters.push(json!({"name": "language", "in": "query", "required": false, "schema": {"type": "string", "enum": ["fr", "en", "de", "nl"]}, "description": "Defaults to the site's default language; a language the site does not offer is a 400."}));
        }
        for name in op.query {
            let (required, schema) = query_schema(op.path, name);
            parameters
                .push(json!({"name": name, "in": "query", "required": required, "schema": schema}));
        }
        for header in op.headers {
            parameters.push(json!({"name": header.name, "in": "header", "required": true, "schema": {"type": "string"}, "description": header.description}));
        }
        let mut responses = Map::new();
        match op.answer {
            Answer::Json(schema) => {
                responses.insert(
                    "200".into(),
                    json!({"description": "OK", "content": {"application/json": {"schema": schema(&mut answers)}}}),
                );
            }
            Answer::NoContent => {
                responses.insert("204".into(), json!({"description": "No content"}));
            }
            Answer::Text(media_type) => {
                let media = media_type.split(';').next().unwrap_or(media_type).trim();
                responses.insert(
                    "200".into(),
                    json!({"description": "OK", "content": {media: {"schema": {"type": "string"}}}}),
                );
            }
        }
        if op.method == "get" {
            responses.insert(
                "304".into(),
                json!({"description": "Not modified (If-None-Match)"}),
            );
        }
        for status in op.error_statuses() {
            responses.insert(
                status.as_str().into(),
                json!({"$ref": "#/components/responses/Error"}),
            );
        }
        let mut operation = json!({
            "summary": op.summary,
            "tags": [op.tag],
            "operationId": format!("{}{}", op.method, op.path.replace(['/', '{', '}', '-', '.'], "_")),
            "parameters": parameters,
            "responses": responses,
        });
        if op.bearer {
            operation["security"] = json!([{"bearer": []}]);
        }
        if let Some(body) = op.body {
            operation["requestBody"] = json!({
                "required": body.required,
                "content": {"application/json": {"schema": (body.schema)(&mut bodies)}},
            });
        }
        let entry = paths.entry(path).or_insert_with(|| json!({}));
        entry[op.method] = operation;
    }
    json!({
        "openapi": "3.1.0",
        "info": {"title": "Runtime API", "version": env!("CARGO_PKG_VERSION"), "description": "Content (spec §7) and live calls of the country sites. The site is chosen by the Host header."},
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
            "responses": {"Error": {"description": "Every error has this shape", "content": {"application/json": {"schema": error}}}},
            "schemas": merge_schemas(answers, bodies),
        },
    })
}

/// The named schemas of answers and bodies, in one map. A type serialised in an answer and
/// deserialised from a body would have two schemas of one name if they differed (a field with
/// a default is optional in a body only): that is a mistake to fix by renaming one.
fn merge_schemas(mut answers: SchemaGenerator, mut bodies: SchemaGenerator) -> Map<String, Value> {
    let mut schemas = answers.take_definitions(true);
    for (name, schema) in bodies.take_definitions(true) {
        match schemas.get(&name) {
            Some(known) if *known != schema => panic!(
                "the schema {name} differs as an answer and as a body: give one of them another name (#[schemars(rename = \"…\")])"
            ),
            _ => {
                schemas.insert(name, schema);
            }
        }
    }
    schemas
}

/// Whether a query parameter is required, and the values it takes: what the handlers accept,
/// so a client (or schemathesis) reading the document makes requests they do not refuse.
fn query_schema(path: &str, name: &str) -> (bool, Value) {
    match name {
        "type" if path == "/featured" => (
            false,
            json!({"type": "string", "enum": ["show", "news", "offer"]}),
        ),
        "date" => (false, json!({"type": "string", "format": "date"})),
        "embed" => (false, json!({"type": "boolean"})),
        // Three characters or more once trimmed (spec §5), 200 at most.
        "q" => (
            true,
            json!({"type": "string", "pattern": "\\S.+\\S", "maxLength": search::MAX_QUERY_CHARS}),
        ),
        "type" => (
            false,
            json!({"type": "string", "enum": search::GROUPS.iter().map(|(kind, _)| serde_json::to_value(kind).expect("a name")).collect::<Vec<_>>()}),
        ),
        "scope" => (false, json!({"type": "string", "enum": ["site", "faq"]})),
        // A position: latitude (x) and longitude (y), in degrees.
        "x" | "y" => (true, json!({"type": "number"})),
        _ => (false, json!({"type": "string"})),
    }
}

/// A date, or else any text (a slug, an id, a code): a call answers 404 for one it does not
/// know, whatever its characters.
fn path_schema(name: &str) -> Value {
    if name == "date" {
        json!({"type": "string", "format": "date"})
    } else {
        json!({"type": "string"})
    }
}

fn path_params(path: &str) -> Vec<&str> {
    path.split('/')
        .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Optional in a body (it has a default), always written in an answer.
    #[derive(serde::Serialize, serde::Deserialize, JsonSchema)]
    struct Twice {
        #[serde(default)]
        n: u8,
    }

    #[test]
    #[should_panic(expected = "differs as an answer and as a body")]
    fn one_name_with_two_schemas_is_refused() {
        let mut answers = generator(SchemaSettings::draft2020_12().for_serialize());
        let mut bodies = generator(SchemaSettings::draft2020_12().for_deserialize());
        answers.subschema_for::<Twice>();
        bodies.subschema_for::<Twice>();
        merge_schemas(answers, bodies);
    }

    #[test]
    fn path_parameters_are_dates_or_text() {
        assert_eq!(path_schema("date")["format"], "date");
        assert_eq!(path_schema("slug"), json!({"type": "string"}));
    }
}
