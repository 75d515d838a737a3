//! Names given at sign-up, remembered in the data directory so that a later sign-in, which
//! asks only for an email, puts the same names in the token. There are no passwords: this
//! is a development stand-in for the external provider.

use std::collections::BTreeMap;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::Context as _;
use serde::{Deserialize, Serialize};

const ACCOUNTS_FILE: &str = "identity-dev-accounts.json";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Names {
    pub given_name: String,
    pub family_name: String,
}

#[derive(Clone)]
pub(crate) struct AccountBook {
    path: PathBuf,
    names: Arc<Mutex<BTreeMap<String, Names>>>,
}

impl AccountBook {
    /// A damaged file is an error rather than a fresh start: starting empty would overwrite it.
    pub(crate) fn load(dir: &Path) -> anyhow::Result<AccountBook> {
        let path = dir.join(ACCOUNTS_FILE);
        let names = match fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .with_context(|| format!("{} is not a valid accounts file", path.display()))?,
            Err(error) if error.kind() == ErrorKind::NotFound => BTreeMap::new(),
            Err(error) => {
                return Err(error).with_context(|| format!("cannot read {}", path.display()))
            }
        };
        Ok(AccountBook {
            path,
            names: Arc::new(Mutex::new(names)),
        })
    }

    pub(crate) fn names(&self, email: &str) -> Option<Names> {
        match self.names.lock() {
            Ok(names) => names.get(email).cloned(),
            Err(poisoned) => poisoned.into_inner().get(email).cloned(),
        }
    }

    /// Records and saves, off the async threads. The lock is held through the write so two
    /// sign-ups at once cannot save their snapshots out of order.
    pub(crate) async fn remember(&self, email: String, names: Names) -> anyhow::Result<()> {
        let book = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut all = match book.names.lock() {
                Ok(all) => all,
                Err(poisoned) => poisoned.into_inner(),
            };
            all.insert(email, names);
            let json = serde_json::to_vec_pretty(&*all)?;
            let temporary = book.path.with_extension("json.tmp");
            fs::write(&temporary, json)
                .and_then(|()| fs::rename(&temporary, &book.path))
                .with_context(|| format!("cannot save {}", book.path.display()))
        })
        .await
        .context("accounts writer stopped")?
    }
}
