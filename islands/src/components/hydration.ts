// Hydration adopts the server's markup as it is: preact does not patch attributes while it
// hydrates. A component whose output depends on the browser (OS, storage, viewport) must
// therefore render what the server rendered first, and the browser's view after mounting.

import { useEffect, useState } from "react";

/** False during the hydrating render, true from the next render on. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
