// The island's translator, given once at its root and read by any component below.

import { createContext, useContext } from "react";
import { translator, type Translate } from "../lib/i18n";

const I18n = createContext<Translate>(translator());

export const I18nProvider = I18n.Provider;

export function useT(): Translate {
  return useContext(I18n);
}
