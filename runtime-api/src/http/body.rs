//! Request bodies: a JSON object read into a Rust type.

use axum::extract::{FromRequest, OptionalFromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// A JSON body that is an object, read into `T`. `axum::Json<T>` also reads a struct from a
/// JSON array (serde takes a struct's fields from a sequence, in order), which the documented
/// schemas (`type: object`) refuse: here an array, like any other value that is not an object,
/// is a 422. `Option<JsonObject<T>>` is `None` without a `Content-Type`, as `Option<Json<T>>`.
pub struct JsonObject<T>(pub T);

fn read<T: DeserializeOwned>(object: Map<String, Value>) -> serde_json::Result<JsonObject<T>> {
    serde_json::from_value(Value::Object(object)).map(JsonObject)
}

/// The answer axum's `Json` gives to JSON of the wrong shape.
fn refused(error: serde_json::Error) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        format!("Failed to deserialize the JSON body into the target type: {error}"),
    )
        .into_response()
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonObject<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Response> {
        let Json(object) = <Json<Map<String, Value>> as FromRequest<S>>::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        read(object).map_err(refused)
    }
}

impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for JsonObject<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Response> {
        match <Json<Map<String, Value>> as OptionalFromRequest<S>>::from_request(req, state).await {
            Ok(Some(Json(object))) => read(object).map(Some).map_err(refused),
            Ok(None) => Ok(None),
            Err(rejection) => Err(rejection.into_response()),
        }
    }
}
