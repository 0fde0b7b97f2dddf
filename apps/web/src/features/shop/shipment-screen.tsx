import { paths } from "@latent/domain/app-paths";
import type { Shipment, ShippingRate } from "@latent/domain/shop";
import { Alert, Anchor, Button, Card, Group, Loader, Radio, Stack, Table, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ApiError } from "../../shared/api/api-error.ts";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { formatMinorPrice } from "../pricing/public/plan-format.ts";
import { useCreateCheckout } from "./api/create-checkout.ts";
import { type StickerPaper, useDownloadStickerSheet } from "./api/download-sticker-sheet.ts";
import { shipmentQueryKey, useShipment } from "./api/get-shipment.ts";
import { useUpdateShipment } from "./api/update-shipment.ts";
import { bagMatchesShipment, useBag } from "./bag-store.ts";
import { POLL_ATTEMPTS } from "./checkout-return.ts";
import { isPaidStatus, type ShipmentReturn, shipmentReturnOf } from "./shipment-return.ts";
import { ShipmentStatusBadge } from "./shipment-status-badge.tsx";
import { ShippingAddress } from "./shipping-address.tsx";
import { packName, serviceName } from "./shop-names.ts";

/** The cheapest rate: chosen until the buyer picks another. */
const cheapest = (rates: ShippingRate[]) =>
  rates.reduce<ShippingRate | undefined>((best, r) => (!best || r.amount.amount < best.amount.amount ? r : best), undefined);

/** Reads `?sessionId=` / `?canceled=1` once and takes them off the address, so a reload does not wait again. */
function useShipmentReturn(): ShipmentReturn {
  const [searchParams, setSearchParams] = useSearchParams();
  const [returned] = useState(() => shipmentReturnOf(searchParams));
  useEffect(() => {
    if (returned === null) return;
    setSearchParams(
      (params) => {
        for (const name of ["sessionId", "session_id", "canceled"]) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }, [returned, setSearchParams]);
  return returned;
}

/** The packs of a shipment with their prices, and what it costs. */
function ShipmentLines({ shipment }: { shipment: Shipment }) {
  const { t, i18n } = useTranslation("shop");
  const price = (amount: number) => formatMinorPrice(amount, shipment.currency, i18n.language);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("shipment.pack")}</Table.Th>
            <Table.Th ta="right">{t("shipment.quantity")}</Table.Th>
            <Table.Th ta="right">{t("shipment.stickers")}</Table.Th>
            <Table.Th ta="right">{t("shipment.price")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shipment.items.map((line) => (
            <Table.Tr key={line.item_id}>
              <Table.Td>{packName(line, t)}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{line.size * line.quantity}</Table.Td>
              <Table.Td ta="right">{price(line.unit_price.amount * line.quantity)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>{t("shipment.subtotal")}</Table.Th>
            <Table.Td ta="right">{price(shipment.subtotal.amount)}</Table.Td>
          </Table.Tr>
          {shipment.rate && (
            <Table.Tr>
              <Table.Th colSpan={3}>
                {t("shipment.shippingBy", { carrier: shipment.rate.carrier, service: serviceName(shipment.rate, t) })}
              </Table.Th>
              <Table.Td ta="right">{price(shipment.rate.amount.amount)}</Table.Td>
            </Table.Tr>
          )}
          {shipment.total && (
            <Table.Tr>
              <Table.Th colSpan={3}>{t("shipment.total")}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {price(shipment.total.amount)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An unpaid shipment: the rates on offer and the way to pay, or to bring it up to date with the bag and profile. */
function PayShipment({ shipment }: { shipment: Shipment }) {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const bag = useBag();
  const checkout = useCreateCheckout();
  const update = useUpdateShipment(shipment.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const price = (amount: number) => formatMinorPrice(amount, shipment.currency, i18n.language);
  const rate = shipment.rates.find((r) => r.id === chosen) ?? cheapest(shipment.rates);
  const bagDiffers = bag.items.length > 0 && !bagMatchesShipment(bag.items, shipment.items);

  const rateLabel = (r: ShippingRate) =>
    [
      r.carrier,
      serviceName(r, t),
      price(r.amount.amount),
      r.estimated_days === null ? null : t("shipment.businessDays", { count: r.estimated_days }),
    ]
      .filter(Boolean)
      .join(" · ");

  const pay = async () => {
    if (!rate) return;
    setLeaving(true);
    try {
      const session = await checkout.mutateAsync({
        mode: "payment",
        items: shipment.items.map((line) => ({ price_id: line.item_id, quantity: line.quantity })),
        shipment_id: shipment.id,
        rate: rate.id,
        currency: shipment.currency,
        // The server sends the browser back to /u/<return_path>.
        return_path: paths.user.shipment.to(shipment.id).replace(/^\/u\//, ""),
      });
      window.location.assign(session.url);
    } catch {
      setLeaving(false);
    }
  };

  const refresh = (items: { item_id: string; quantity: number }[]) => {
    checkout.reset();
    update.mutate({ items, currency: shipment.currency });
  };

  const failure = checkout.error ?? update.error;
  const bagChanged = checkout.error instanceof ApiError && checkout.error.code === "bag-changed";

  return (
    <Stack gap="md">
      {bagDiffers && (
        <Alert color="blue" title={t("shipment.bagDiffers")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("shipment.bagDiffersHint")}</Text>
            {/* A priced shipment had a checkout: the server closes it before the change (decision 0020). */}
            {shipment.total !== null && <Text size="sm">{t("shipment.updateClosesCheckout")}</Text>}
            <Button size="xs" variant="light" loading={update.isPending} onClick={() => refresh(bag.items)}>
              {t("shipment.useBag")}
            </Button>
          </Stack>
        </Alert>
      )}

      {shipment.rates.length === 0 ? (
        <Alert color="orange" title={t("shipment.noRates")}>
          <Anchor component={Link} to={paths.user.profile}>
            {t("shipment.changeAddress")}
          </Anchor>
        </Alert>
      ) : (
        <Radio.Group label={t("shipment.rates")} value={rate?.id ?? null} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {shipment.rates.map((r) => (
              <Radio key={r.id} value={r.id} label={rateLabel(r)} />
            ))}
          </Stack>
        </Radio.Group>
      )}

      {failure && (
        <Alert color="red" role="alert" title={t("failed")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(failure)}</Text>
            {bagChanged && (
              <Button
                size="xs"
                variant="light"
                loading={update.isPending}
                onClick={() => refresh(shipment.items.map(({ item_id, quantity }) => ({ item_id, quantity })))}
              >
                {t("shipment.refresh")}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      {rate && (
        <Group justify="space-between" align="center">
          <Text fw={700} size="lg">
            {t("shipment.totalWithShipping", { total: price(shipment.subtotal.amount + rate.amount.amount) })}
          </Text>
          <Button size="md" loading={leaving} disabled={update.isPending} onClick={pay}>
            {t("shipment.pay", { total: price(shipment.subtotal.amount + rate.amount.amount) })}
          </Button>
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {t("shipment.payHint")}
      </Text>
    </Stack>
  );
}

/** While unpaid, the address is the profile's at the time: after changing it there, the shipment reads it again. */
function RefreshAddress({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation("shop");
  const errorText = useApiErrorText();
  const update = useUpdateShipment(shipment.id);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {t("shipment.addressHint")}{" "}
        <Anchor component={Link} to={paths.user.profile} size="sm">
          {t("shipment.changeAddress")}
        </Anchor>
      </Text>
      <Button
        size="xs"
        variant="light"
        loading={update.isPending}
        onClick={() =>
          update.mutate({
            items: shipment.items.map(({ item_id, quantity }) => ({ item_id, quantity })),
            currency: shipment.currency,
          })
        }
      >
        {t("shipment.refresh")}
      </Button>
      {update.error && (
        <Text size="sm" c="red" role="alert">
          {errorText(update.error)}
        </Text>
      )}
    </Stack>
  );
}

/** A paid shipment's stickers: the two printable sheets. */
function StickerSheets({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation("shop");
  const errorText = useApiErrorText();
  const download = useDownloadStickerSheet(shipment.id);
  const [paper, setPaper] = useState<StickerPaper | null>(null);
  const save = (next: StickerPaper) => {
    setPaper(next);
    download.mutate(next, { onSettled: () => setPaper(null) });
  };
  if (shipment.sticker_count === 0)
    return (
      <Alert color="blue" icon={<Loader size="xs" />} role="status" title={t("shipment.making")}>
        {t("shipment.makingHint")}
      </Alert>
    );
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="stickers-title">
      <Stack gap="sm">
        <Title order={2} id="stickers-title">
          {t("shipment.ready", { count: shipment.sticker_count })}
        </Title>
        <Text>{t("shipment.readyHint")}</Text>
        <Group>
          <Button loading={paper === "a4"} disabled={paper !== null && paper !== "a4"} onClick={() => save("a4")}>
            {t("shipment.downloadA4")}
          </Button>
          <Button
            variant="default"
            loading={paper === "letter"}
            disabled={paper !== null && paper !== "letter"}
            onClick={() => save("letter")}
          >
            {t("shipment.downloadLetter")}
          </Button>
        </Group>
        {download.error && (
          <Alert color="red" role="alert" title={t("shipment.downloadFailed")}>
            {errorText(download.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/**
 * One shipment of sticker packs (spec §3): its packs and address, the rates and payment while unpaid, the wait for
 * the payment's confirmation after the checkout, then the printable sticker sheets and, once sent, its tracking.
 */
export function ShipmentScreen() {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const { shipmentId = "" } = useParams();
  const returned = useShipmentReturn();
  const query = useShipment(shipmentId, returned === "paid");
  const queryClient = useQueryClient();
  const bag = useBag();
  const shipment = query.data;
  const paid = shipment ? isPaidStatus(shipment.status) : false;
  const clearBag = bag.clear;

  // The bag holding exactly this shipment's packs was bought: it starts empty again.
  const bought = paid && shipment !== undefined && bagMatchesShipment(bag.items, shipment.items);
  useEffect(() => {
    if (bought) clearBag();
  }, [bought, clearBag]);

  const heading = (
    <Title order={1} id="shipment-title">
      {t("shipment.title")}
    </Title>
  );
  const toHistory = (
    <Anchor component={Link} to={paths.user.shipmentHistory}>
      {t("shipment.toHistory")}
    </Anchor>
  );

  if (query.isPending)
    return (
      <Stack gap="lg" maw={900}>
        {heading}
        <Group justify="center" py="xl">
          <Loader aria-label={t("shipment.loading")} />
        </Group>
      </Stack>
    );

  if (!shipment) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="lg" maw={900}>
        {heading}
        <Alert color={missing ? "orange" : "red"} role="alert" title={missing ? t("shipment.notFound") : t("failed")}>
          <Stack gap="xs" align="flex-start">
            {missing ? <Text size="sm">{t("shipment.notFoundHint")}</Text> : <Text size="sm">{errorText(query.error)}</Text>}
            {toHistory}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const created = shipment.status === "created";
  // Each answer of the polling counts; the tenth still unpaid one ends the wait (the query stops asking then too).
  const answers = queryClient.getQueryState(shipmentQueryKey(shipmentId))?.dataUpdateCount ?? 0;
  const confirming = returned === "paid" && created && answers < POLL_ATTEMPTS && query.dataUpdatedAt > 0;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso));

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap="xs">
        {heading}
        <Group gap="sm">
          <ShipmentStatusBadge status={shipment.status} />
          <Text c="dimmed" size="sm">
            {t("shipment.createdOn", { date: date(shipment.created_at) })}
            {shipment.paid_at ? ` · ${t("shipment.paidOn", { date: date(shipment.paid_at) })}` : ""}
          </Text>
        </Group>
      </Stack>

      {confirming && (
        <Alert color="blue" icon={<Loader size="xs" />} role="status" title={t("shipment.confirming")}>
          {t("shipment.confirmingHint")}
        </Alert>
      )}
      {returned === "paid" && created && !confirming && (
        <Alert color="orange" role="alert" title={t("shipment.unconfirmed")}>
          {t("shipment.unconfirmedHint")}
        </Alert>
      )}
      {returned === "cancelled" && created && (
        <Alert color="orange" role="alert" title={t("shipment.cancelledCheckout")}>
          {t("shipment.cancelledCheckoutHint")}
        </Alert>
      )}
      {shipment.status === "cancelled" && (
        <Alert color="red" title={t("shipment.cancelled")}>
          {t("shipment.cancelledHint")}
        </Alert>
      )}

      {paid && <StickerSheets shipment={shipment} />}

      {shipment.tracking_number && (shipment.status === "shipped" || shipment.status === "delivered") && (
        <Text>
          {t("shipment.tracking")} <strong>{shipment.tracking_number}</strong>
          {shipment.shipped_at ? ` · ${t("shipment.shippedOn", { date: date(shipment.shipped_at) })}` : ""}
        </Text>
      )}

      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Title order={2}>{t("shipment.packs")}</Title>
          <ShipmentLines shipment={shipment} />
        </Stack>
      </Card>

      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Title order={2}>{t("shipment.address")}</Title>
          <ShippingAddress address={shipment.address} />
          {created && !confirming && <RefreshAddress shipment={shipment} />}
        </Stack>
      </Card>

      {created && !confirming && (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md">
            <Title order={2}>{t("shipment.shipping")}</Title>
            <PayShipment shipment={shipment} />
          </Stack>
        </Card>
      )}

      {toHistory}
    </Stack>
  );
}
