//! HTML of the sign-in frame, in the four UI languages. Pages are small and have no script:
//! the provider sends the visitor back to the site's callback page, which does the rest.
//! Every echoed value is escaped.

use site::{Lang, Site};

use super::form::percent_encode;
use super::grants::AuthRequest;

/// Which form a page belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormKind {
    Login,
    Signup,
}

impl FormKind {
    /// Relative to the page, so the router works wherever the API nests it.
    fn action(self) -> &'static str {
        match self {
            FormKind::Login => "login",
            FormKind::Signup => "signup",
        }
    }
}

/// Which site's visitor, in which language, and the sign-in request the form carries.
#[derive(Clone, Debug)]
pub(crate) struct PageContext {
    pub site: Site,
    pub lang: Lang,
    pub request: AuthRequest,
}

/// What the visitor typed, shown again when the form is refused.
#[derive(Clone, Debug, Default)]
pub(crate) struct FormValues {
    pub email: String,
    pub given_name: String,
    pub family_name: String,
}

/// Which field an error is about, so it can be tied to it with aria-describedby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Problem {
    Email,
    Names,
}

pub(crate) struct Texts {
    pub login_title: &'static str,
    pub signup_title: &'static str,
    pub email: &'static str,
    pub given_name: &'static str,
    pub family_name: &'static str,
    pub login_button: &'static str,
    pub signup_button: &'static str,
    pub to_signup: &'static str,
    pub to_login: &'static str,
    pub dev_notice: &'static str,
    pub bad_email: &'static str,
    pub names_required: &'static str,
    pub signed_out: &'static str,
    pub error_title: &'static str,
    pub bad_return: &'static str,
    pub bad_request: &'static str,
    pub wrong_origin: &'static str,
    pub server_error: &'static str,
}

pub(crate) fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::Fr => &FR,
        Lang::En => &EN,
        Lang::De => &DE,
        Lang::Nl => &NL,
    }
}

const FR: Texts = Texts {
    login_title: "Se connecter",
    signup_title: "Créer un compte",
    email: "Adresse e-mail",
    given_name: "Prénom",
    family_name: "Nom",
    login_button: "Se connecter",
    signup_button: "Créer mon compte",
    to_signup: "Pas encore de compte ? Créer un compte",
    to_login: "Déjà un compte ? Se connecter",
    dev_notice: "Fournisseur d’identité de développement : aucun mot de passe n’est demandé.",
    bad_email: "Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.",
    names_required: "Saisissez votre prénom et votre nom (100 caractères au plus).",
    signed_out: "Vous êtes déconnecté.",
    error_title: "Erreur",
    bad_return: "Adresse de retour refusée : ce doit être un chemin de ce site, commençant par une seule barre oblique.",
    bad_request: "Requête illisible : paramètres mal encodés.",
    wrong_origin: "Ce formulaire ne peut être envoyé que depuis ce site.",
    server_error: "La connexion a échoué. Réessayez dans un instant.",
};

const EN: Texts = Texts {
    login_title: "Sign in",
    signup_title: "Create an account",
    email: "Email address",
    given_name: "First name",
    family_name: "Last name",
    login_button: "Sign in",
    signup_button: "Create my account",
    to_signup: "No account yet? Create one",
    to_login: "Already have an account? Sign in",
    dev_notice: "Development identity provider: no password is asked.",
    bad_email: "Enter a valid email address, for example name@example.com.",
    names_required: "Enter your first and last name (at most 100 characters).",
    signed_out: "You are signed out.",
    error_title: "Error",
    bad_return:
        "Return address refused: it must be a path on this site starting with a single slash.",
    bad_request: "Unreadable request: badly encoded parameters.",
    wrong_origin: "This form can only be sent from this site.",
    server_error: "Sign-in failed. Please try again in a moment.",
};

const DE: Texts = Texts {
    login_title: "Anmelden",
    signup_title: "Konto erstellen",
    email: "E-Mail-Adresse",
    given_name: "Vorname",
    family_name: "Nachname",
    login_button: "Anmelden",
    signup_button: "Konto erstellen",
    to_signup: "Noch kein Konto? Jetzt erstellen",
    to_login: "Schon ein Konto? Anmelden",
    dev_notice: "Entwicklungs-Identitätsanbieter: Es wird kein Passwort abgefragt.",
    bad_email: "Geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.ch.",
    names_required: "Geben Sie Vor- und Nachnamen ein (höchstens 100 Zeichen).",
    signed_out: "Sie sind abgemeldet.",
    error_title: "Fehler",
    bad_return: "Rücksprungadresse abgelehnt: Sie muss ein Pfad dieser Website sein und mit genau einem Schrägstrich beginnen.",
    bad_request: "Unlesbare Anfrage: falsch kodierte Parameter.",
    wrong_origin: "Dieses Formular kann nur von dieser Website gesendet werden.",
    server_error: "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es gleich noch einmal.",
};

const NL: Texts = Texts {
    login_title: "Inloggen",
    signup_title: "Account aanmaken",
    email: "E-mailadres",
    given_name: "Voornaam",
    family_name: "Achternaam",
    login_button: "Inloggen",
    signup_button: "Account aanmaken",
    to_signup: "Nog geen account? Maak er een aan",
    to_login: "Al een account? Inloggen",
    dev_notice: "Identiteitsprovider voor ontwikkeling: er wordt geen wachtwoord gevraagd.",
    bad_email: "Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.",
    names_required: "Vul je voornaam en achternaam in (maximaal 100 tekens).",
    signed_out: "Je bent uitgelogd.",
    error_title: "Fout",
    bad_return: "Terugkeeradres geweigerd: het moet een pad op deze site zijn dat met één schuine streep begint.",
    bad_request: "Onleesbaar verzoek: verkeerd gecodeerde parameters.",
    wrong_origin: "Dit formulier kan alleen vanaf deze site worden verzonden.",
    server_error: "Inloggen is mislukt. Probeer het zo opnieuw.",
};

/// Escapes for both text and attribute values (`site::escape::html`).
pub(crate) fn escape(input: &str) -> String {
    site::escape::html(input).into_owned()
}

fn document(html_lang: &str, title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"assets/identity.css\">\n\
         </head>\n<body>\n{body}</body>\n</html>\n",
        lang = escape(html_lang),
        title = escape(title),
    )
}

fn hidden(name: &str, value: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"{name}\" value=\"{}\">\n",
        escape(value)
    )
}

fn field(
    id: &str,
    label: &str,
    kind: &str,
    autocomplete: &str,
    value: &str,
    error: bool,
) -> String {
    let invalid = if error {
        " aria-invalid=\"true\" aria-describedby=\"form-error\""
    } else {
        ""
    };
    format!(
        "<p class=\"field\"><label for=\"{id}\">{label}</label>\n\
         <input id=\"{id}\" name=\"{id}\" type=\"{kind}\" autocomplete=\"{autocomplete}\" \
         required value=\"{value}\"{invalid}></p>\n",
        label = escape(label),
        value = escape(value),
    )
}

/// The sign-in or sign-up form, optionally with the reason it was refused.
pub(crate) fn form_page(
    kind: FormKind,
    context: &PageContext,
    values: &FormValues,
    problem: Option<Problem>,
) -> String {
    let t = texts(context.lang);
    let (title, button, switch_label, switch_kind) = match kind {
        FormKind::Login => (t.login_title, t.login_button, t.to_signup, FormKind::Signup),
        FormKind::Signup => (t.signup_title, t.signup_button, t.to_login, FormKind::Login),
    };
    let mut body = format!(
        "<main>\n<h1>{}</h1>\n<p class=\"notice\">{}</p>\n",
        escape(title),
        escape(t.dev_notice)
    );
    if let Some(problem) = problem {
        let message = match problem {
            Problem::Email => t.bad_email,
            Problem::Names => t.names_required,
        };
        body.push_str(&format!(
            "<p id=\"form-error\" class=\"error\" role=\"alert\">{}</p>\n",
            escape(message)
        ));
    }
    body.push_str(&format!(
        "<form method=\"post\" action=\"{}\">\n",
        kind.action()
    ));
    for (name, value) in context.request.fields() {
        body.push_str(&hidden(name, &value));
    }
    body.push_str(&field(
        "email",
        t.email,
        "email",
        "email",
        &values.email,
        problem == Some(Problem::Email),
    ));
    if kind == FormKind::Signup {
        let names_wrong = problem == Some(Problem::Names);
        body.push_str(&field(
            "given_name",
            t.given_name,
            "text",
            "given-name",
            &values.given_name,
            names_wrong,
        ));
        body.push_str(&field(
            "family_name",
            t.family_name,
            "text",
            "family-name",
            &values.family_name,
            names_wrong,
        ));
    }
    body.push_str(&format!(
        "<button type=\"submit\">{}</button>\n</form>\n",
        escape(button)
    ));
    // The other form is the same request with the other prompt.
    let mut switch_href = String::from("authorize?response_type=code");
    for (name, value) in context.request.fields() {
        switch_href.push_str(&format!("&{name}={}", percent_encode(&value)));
    }
    switch_href.push_str(match switch_kind {
        FormKind::Signup => "&prompt=create",
        FormKind::Login => "&prompt=login",
    });
    body.push_str(&format!(
        "<p><a href=\"{}\">{}</a></p>\n</main>\n",
        escape(&switch_href),
        escape(switch_label)
    ));
    document(&context.lang.locale_on(context.site), title, &body)
}

/// After sign-out, when the site gave no address to go back to.
pub(crate) fn signed_out_page(lang: Lang) -> String {
    let t = texts(lang);
    let body = format!("<main>\n<h1>{}</h1>\n</main>\n", escape(t.signed_out));
    document(lang.code(), t.signed_out, &body)
}

/// A refusal with its reason; `detail` (an echoed parameter) is escaped like everything else.
pub(crate) fn error_page(lang: Lang, message: &str, detail: Option<&str>) -> String {
    let t = texts(lang);
    let detail = detail
        .map(|d| format!(" <code>{}</code>", escape(d)))
        .unwrap_or_default();
    let body = format!(
        "<main>\n<h1>{}</h1>\n<p role=\"alert\">{}{detail}</p>\n</main>\n",
        escape(t.error_title),
        escape(message)
    );
    document(lang.code(), t.error_title, &body)
}

pub(crate) const STYLESHEET: &str = "\
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#111;background:#fff}\n\
main{max-width:26rem;margin:0 auto}\n\
h1{font-size:1.5rem;margin:0 0 1rem}\n\
.notice{font-size:.875rem;color:#444}\n\
.error{color:#a00000;font-weight:600}\n\
.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}\n\
input{font:inherit;padding:.5rem;border:1px solid #555;border-radius:4px}\n\
input[aria-invalid=true]{border-color:#a00000}\n\
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#111;color:#fff;cursor:pointer}\n\
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f5b400;outline-offset:2px}\n\
a{color:#0645ad}\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_everything_that_matters() {
        assert_eq!(
            escape(r#"<a href="x">'&"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;"
        );
    }

    #[test]
    fn form_carries_the_request_escaped_and_links_to_the_other_form() {
        let request = AuthRequest {
            client_id: "web".into(),
            redirect_uri: "http://be.localhost:8080/nl/callback".into(),
            scope: "openid".into(),
            state: Some("s\"><b>".into()),
            nonce: Some("n".into()),
            code_challenge: "c".repeat(43),
            prompt: None,
            lang: Lang::Nl,
        };
        let context = PageContext {
            site: Site::Be,
            lang: Lang::Nl,
            request,
        };
        let html = form_page(FormKind::Login, &context, &FormValues::default(), None);
        assert!(html.contains("lang=\"nl-BE\""));
        assert!(html.contains("name=\"state\" value=\"s&quot;&gt;&lt;b&gt;\""));
        assert!(!html.contains("<b>"));
        assert!(html.contains("&amp;state=s%22%3E%3Cb%3E"));
        assert!(html.contains("&amp;prompt=create\""));
        assert!(html.contains("<label for=\"email\">E-mailadres</label>"));
    }
}
