//! HTML of the sign-in frame, in the four UI languages. Pages are small and script-free
//! except for one external file (assets/result.js) that reports success to the framing page,
//! so the Content-Security-Policy can forbid inline scripts. Every echoed value is escaped.

use site::{Lang, Site};

use super::form::percent_encode;

/// Which form a page belongs to, and the success code the framing page waits for (spec §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormKind {
    Login,
    Signup,
}

impl FormKind {
    pub(crate) fn success_code(self) -> &'static str {
        match self {
            FormKind::Login => "LOGIN_SUCCESSFUL",
            FormKind::Signup => "REGISTER_SUCCESSFUL",
        }
    }

    /// Relative to the page, so the router works wherever the API nests it.
    fn action(self) -> &'static str {
        match self {
            FormKind::Login => "login",
            FormKind::Signup => "signup",
        }
    }
}

/// Where the visitor came from and in which language to speak to them.
#[derive(Clone, Debug)]
pub(crate) struct PageContext {
    pub site: Site,
    pub lang: Lang,
    pub return_to: String,
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
    pub logged_in: &'static str,
    pub signed_up: &'static str,
    pub continue_label: &'static str,
    pub error_title: &'static str,
    pub bad_return: &'static str,
    pub unknown_site: &'static str,
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
    logged_in: "Vous êtes connecté.",
    signed_up: "Votre compte est créé.",
    continue_label: "Continuer",
    error_title: "Erreur",
    bad_return: "Adresse de retour refusée : ce doit être un chemin de ce site, commençant par une seule barre oblique.",
    unknown_site: "Site inconnu ou absent :",
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
    logged_in: "You are signed in.",
    signed_up: "Your account is created.",
    continue_label: "Continue",
    error_title: "Error",
    bad_return:
        "Return address refused: it must be a path on this site starting with a single slash.",
    unknown_site: "Unknown or missing site:",
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
    logged_in: "Sie sind angemeldet.",
    signed_up: "Ihr Konto wurde erstellt.",
    continue_label: "Weiter",
    error_title: "Fehler",
    bad_return: "Rücksprungadresse abgelehnt: Sie muss ein Pfad dieser Website sein und mit genau einem Schrägstrich beginnen.",
    unknown_site: "Unbekannte oder fehlende Website:",
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
    logged_in: "Je bent ingelogd.",
    signed_up: "Je account is aangemaakt.",
    continue_label: "Doorgaan",
    error_title: "Fout",
    bad_return: "Terugkeeradres geweigerd: het moet een pad op deze site zijn dat met één schuine streep begint.",
    unknown_site: "Onbekende of ontbrekende site:",
    bad_request: "Onleesbaar verzoek: verkeerd gecodeerde parameters.",
    wrong_origin: "Dit formulier kan alleen vanaf deze site worden verzonden.",
    server_error: "Inloggen is mislukt. Probeer het zo opnieuw.",
};

/// Escapes for both text and attribute values.
pub(crate) fn escape(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
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
    body.push_str(&hidden("site", context.site.code()));
    body.push_str(&hidden("lang", context.lang.code()));
    body.push_str(&hidden("return", &context.return_to));
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
    let switch_href = format!(
        "{}?site={}&lang={}&return={}",
        switch_kind.action(),
        context.site.code(),
        context.lang.code(),
        percent_encode(&context.return_to)
    );
    body.push_str(&format!(
        "<p><a href=\"{}\">{}</a></p>\n</main>\n",
        escape(&switch_href),
        escape(switch_label)
    ));
    document(&context.lang.locale_on(context.site), title, &body)
}

/// The page after success: assets/result.js reads `data-code` and `data-return`; without
/// script, the link takes the visitor back.
pub(crate) fn result_page(kind: FormKind, context: &PageContext) -> String {
    let t = texts(context.lang);
    let title = match kind {
        FormKind::Login => t.logged_in,
        FormKind::Signup => t.signed_up,
    };
    let body = format!(
        "<main id=\"identity-result\" data-code=\"{code}\" data-return=\"{back}\">\n\
         <h1>{title}</h1>\n<p><a href=\"{back}\">{label}</a></p>\n</main>\n\
         <script src=\"assets/result.js\"></script>\n",
        code = kind.success_code(),
        back = escape(&context.return_to),
        title = escape(title),
        label = escape(t.continue_label),
    );
    document(&context.lang.locale_on(context.site), title, &body)
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

/// Tells the framing page that sign-in succeeded (spec §4: a `parent_exchange` message with
/// LOGIN_SUCCESSFUL or REGISTER_SUCCESSFUL), addressed to our own origin only; opened as a
/// page of its own, it goes back to the return path instead.
pub(crate) const RESULT_JS: &str = r#"// Reports a finished sign-in to the page that framed this one.
(function () {
  "use strict";
  var result = document.getElementById("identity-result");
  if (!result) return;
  var code = result.getAttribute("data-code");
  var back = result.getAttribute("data-return") || "/";
  // The server only ever writes same-origin paths here; checked again before navigating.
  if (back.charAt(0) !== "/" || back.charAt(1) === "/" || back.charAt(1) === "\\") back = "/";
  if (window.parent !== window) {
    window.parent.postMessage({ name: "parent_exchange", code: code }, window.location.origin);
  } else {
    window.location.replace(back);
  }
})();
"#;

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
    fn form_escapes_the_return_path_and_links_to_the_other_form() {
        let context = PageContext {
            site: Site::Be,
            lang: Lang::Nl,
            return_to: "/x\"><b>".into(),
        };
        let html = form_page(FormKind::Login, &context, &FormValues::default(), None);
        assert!(html.contains("lang=\"nl-BE\""));
        assert!(html.contains("value=\"/x&quot;&gt;&lt;b&gt;\""));
        assert!(!html.contains("<b>"));
        assert!(html.contains("href=\"signup?site=be&amp;lang=nl&amp;return=%2Fx%22%3E%3Cb%3E\""));
        assert!(html.contains("<label for=\"email\">E-mailadres</label>"));
    }
}
