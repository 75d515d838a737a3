//! The OpenAPI document, generated from the handlers: every API route is registered through
//! `ApiRouter`, which adds it to the axum router and records it (method, path, summary,
//! parameters, whether it needs a bearer token) in the same call. A route cannot be served
//! without being documented, nor documented without being served.

use crate::app::AppState;
use axum::handler::Handler;
use axum::routing::{delete, get, patch, post, MethodRouter};
use axum::Router;
use serde_json::{json, Map, Value};

#[derive(Clone, Debug)]
pub struct Operation {
    pub method: &'static str,
    pub path: &'static str,
    pub summary: &'static str,
    pub tag: &'static str,
    pub query: &'static [&'static str],
    pub bearer: bool,
    pub body: bool,
    /// Takes the `language` query parameter (content calls, spec §7).
    pub localized: bool,
}

pub struct ApiRouter {
    router: Router<AppState>,
    operations: Vec<Operation>,
    tag: &'static str,
}

impl ApiRouter {
    pub fn new(tag: &'static str) -> ApiRouter {
        ApiRouter {
            router: Router::new(),
            operations: Vec::new(),
            tag,
        }
    }

    fn add(
        mut self,
        method: &'static str,
        path: &'static str,
        route: MethodRouter<AppState>,
        summary: &'static str,
    ) -> Self {
        self.router = self.router.route(path, route);
        self.operations.push(Operation {
            method,
            path,
            summary,
            tag: self.tag,
            query: &[],
            bearer: false,
            body: false,
            localized: true,
        });
        self
    }

    pub fn get<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Self {
        self.add("get", path, get(handler), summary)
    }

    pub fn post<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Self {
        self.add("post", path, post(handler), summary).with_body()
    }

    pub fn patch<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Self {
        self.add("patch", path, patch(handler), summary).with_body()
    }

    pub fn delete<H: Handler<T, AppState>, T: 'static>(
        self,
        path: &'static str,
        handler: H,
        summary: &'static str,
    ) -> Self {
        self.add("delete", path, delete(handler), summary)
    }

    fn last(&mut self) -> &mut Operation {
        self.operations
            .last_mut()
            .expect("a route was added before describing it")
    }

    /// Query parameters the last route reads (besides `language`).
    pub fn query(mut self, names: &'static [&'static str]) -> Self {
        self.last().query = names;
        self
    }

    /// The last route needs `Authorization: Bearer`.
    pub fn bearer(mut self) -> Self {
        self.last().bearer = true;
        self
    }

    fn with_body(mut self) -> Self {
        self.last().body = true;
        self
    }

    /// The last route takes no `language` parameter.
    pub fn unlocalized(mut self) -> Self {
        self.last().localized = false;
        self
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

/// OpenAPI 3.1 for the operations, mounted under `prefix` (`/api`).
pub fn openapi(prefix: &str, operations: &[Operation]) -> Value {
    let mut paths = Map::new();
    for op in operations {
        let path = format!("{prefix}{}", op.path);
        let mut parameters: Vec<Value> = path_params(op.path)
            .into_iter()
            .map(|name| {
                let schema = if name == "date" {
                    json!({"type": "string", "format": "date"})
                } else {
                    json!({"type": "string"})
                };
                json!({"name": name, "in": "path", "required": true, "schema": schema})
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
        // 503: any call may be shed under load (`server::shed_load`) or time out.
        let mut responses = json!({
            "200": {"description": "OK", "content": {"application/json": {}}},
            "304": {"description": "Not modified (If-None-Match)"},
            "400": {"$ref": "#/components/responses/Error"},
            "404": {"$ref": "#/components/responses/Error"},
            "503": {"$ref": "#/components/responses/Error"},
        });
        if op.bearer {
            responses["401"] = json!({"$ref": "#/components/responses/Error"});
            responses["403"] = json!({"$ref": "#/components/responses/Error"});
        }
        if op.method == "post" && op.path == "/logout" {
            responses["204"] = json!({"description": "Signed out"});
        }
        if op.body {
            // Too large, not JSON, or JSON of the wrong shape (axum's own rejections).
            for status in ["413", "415", "422"] {
                responses[status] = json!({"$ref": "#/components/responses/Error"});
            }
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
        if op.body {
            operation["requestBody"] =
                json!({"required": false, "content": {"application/json": {}}});
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
            "responses": {"Error": {"description": "Every error has this shape", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}},
            "schemas": {"Error": {"type": "object", "required": ["error", "message"], "properties": {"error": {"type": "string"}, "message": {"type": "string"}, "limit": {"type": "integer"}}}},
        },
    })
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
        _ => (false, json!({"type": "string"})),
    }
}

fn path_params(path: &str) -> Vec<&str> {
    path.split('/')
        .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
        .collect()
}
