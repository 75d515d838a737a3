// The subscription offers and the plan picker (spec §4 Subscription): choosing an offer
// opens its plan with every option at 0; − and + change an option's quantity within 0 and
// its maximum; the monthly total follows (announced); closing the dialog drops the plan.
// "S'abonner" leads to the client area with the plan chosen.

import { useId } from "react";
import { pageModals } from "../../stores/page/modals";
import { pageSubscription } from "../../stores/page/subscription";
import type { SelectedPlan, SubscriptionOffer } from "../../types";
import { useT } from "../i18n";
import type { IslandProps } from "../island-props";
import { ModalDialog } from "../ModalDialog";
import { useStore } from "../use-store";
import type { SubscriptionProps as SubscriptionPropsData } from "../../generated/api-types";
import { formatMoney } from "../../lib/format";

export interface OfferCard extends SubscriptionOffer {
  description?: string;
  /** The monthly price as the page writes it ("19,90 € / mois"). */
  priceLabel: string;
}

/** The props the generator writes (site/src/islands.rs, exported to TypeScript). */
export type SubscriptionProps = IslandProps & SubscriptionPropsData;

export function planTotal(offer: SubscriptionOffer, plan: SelectedPlan): number {
  return offer.monthlyPrice + (offer.options ?? []).reduce((sum, o) => sum + o.price * (plan.quantities[o.id] ?? 0), 0);
}

export function subscribeHref(base: string, plan: SelectedPlan): string {
  const url = new URL(base);
  url.searchParams.set("offer", plan.offer);
  const options = Object.entries(plan.quantities).filter(([, n]) => n > 0);
  if (options.length > 0) url.searchParams.set("options", options.map(([id, n]) => `${id}:${n}`).join(","));
  return url.toString();
}

export function PlanPicker(props: SubscriptionProps) {
  const t = useT();
  const choose = (offer: string) => {
    pageSubscription().getState().selectPlan(offer);
    pageModals().getState().open("subscriptionPlan");
  };
  return (
    <>
      <ul className="cards">
        {props.offers.map((o) => (
          <li key={o.id}>
            <h2>{o.title}</h2>
            {o.description ? <p>{o.description}</p> : null}
            <p className="price">{o.priceLabel}</p>
            <button type="button" className="button tap" aria-haspopup="dialog" data-offer={o.id} onClick={() => choose(o.id)}>
              {t("subscription.choosePlan")}
            </button>
          </li>
        ))}
      </ul>
      <PlanDialog {...props} />
    </>
  );
}

function PlanDialog(props: SubscriptionProps) {
  const t = useT();
  const plan = useStore(pageSubscription(), (s) => s.plan);
  const offer = props.offers.find((o) => o.id === plan?.offer);
  const money = { format: (amount: number) => formatMoney(amount, props.currency, props.locale) };
  return (
    <ModalDialog id="subscriptionPlan" title={offer?.title ?? t("modals.subscriptionPlan")} closeLabel={t("modals.close")} className="plan">
      {offer && plan ? (
        <>
          {offer.options.length > 0 ? (
            <fieldset className="plan-options">
              <legend>{t("subscription.options")}</legend>
              {offer.options.map((o) => (
                <OptionRow key={o.id} id={o.id} label={`${o.label} (+${money.format(o.price)})`} name={o.label} quantity={plan.quantities[o.id] ?? 0} max={o.maxQuantity ?? 1} />
              ))}
            </fieldset>
          ) : null}
          <p className="plan-total" role="status">
            {t("subscription.total", { price: money.format(planTotal(offer, plan)) })}
          </p>
          <a className="button tap" href={subscribeHref(props.subscribeUrl, plan)}>
            {t("subscription.subscribe")}
          </a>
        </>
      ) : null}
    </ModalDialog>
  );
}

function OptionRow({ id, label, name, quantity, max }: { id: string; label: string; name: string; quantity: number; max: number }) {
  const t = useT();
  const labelId = useId();
  const change = (delta: number) => pageSubscription().getState().changeQuantity(id, delta);
  return (
    <div className="plan-option" role="group" aria-labelledby={labelId}>
      <span id={labelId}>{label}</span>
      <button type="button" className="tap" aria-label={t("subscription.decrease", { name })} disabled={quantity <= 0} onClick={() => change(-1)}>
        −
      </button>
      <output aria-label={t("subscription.quantity")}>{quantity}</output>
      <button type="button" className="tap" aria-label={t("subscription.increase", { name })} disabled={quantity >= max} onClick={() => change(1)}>
        +
      </button>
    </div>
  );
}
