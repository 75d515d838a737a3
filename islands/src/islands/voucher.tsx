// Island "voucher": the voucher checker of the voucher page (`<div class="voucher-checker"
// data-island="voucher" data-hydrate="interaction">` around its opening button).

import { IslandRoot } from "../components/IslandRoot";
import { VoucherChecker, type VoucherProps } from "../components/voucher/VoucherChecker";
import { defineIsland } from "../island";

export type { VoucherProps };

export const mount = defineIsland<VoucherProps>((props) => (
  <IslandRoot props={props}>
    <VoucherChecker {...props} />
  </IslandRoot>
));
