import { paths } from "@latent/domain/app-paths";
import type { Currency } from "@latent/domain/purchases";
import { type InventoryItem, MAX_PACKS_PER_ITEM } from "@latent/domain/shop";
import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, NumberInput, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useCurrency } from "../pricing/public/currency.ts";
import { CurrencyToggle } from "../pricing/public/currency-toggle.tsx";
import { formatMinorPrice } from "../pricing/public/plan-format.ts";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useCreateShipment } from "./api/create-shipment.ts";
import { useInventory } from "./api/list-inventory.ts";
import { bagLines, bagSubtotal, useBag } from "./bag-store.ts";
import { ShippingAddress } from "./shipping-address.tsx";
import { packDescription, packName } from "./shop-names.ts";

/** Most packs of an item one shipment can take: what is left, and never more than the limit per item. */
const maxPacks = (item: InventoryItem) => Math.min(item.quantity, MAX_PACKS_PER_ITEM);

/** One pack on sale: what it is, its price, and how many to add to the bag. */
function PackCard({ item, inBag, onAdd }: { item: InventoryItem; inBag: number; onAdd: (quantity: number) => void }) {
  const { t, i18n } = useTranslation("shop");
  const [quantity, setQuantity] = useState<number | string>(1);
  const name = packName(item, t);
  const max = maxPacks(item);
  const soldOut = max === 0;
  const wanted = typeof quantity === "number" ? quantity : Number.parseInt(quantity, 10);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= max;

  return (
    <Card component="article" data-item={item.product_id} withBorder padding="lg" radius="md" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3}>{name}</Title>
          {soldOut && (
            <Badge color="gray" variant="light">
              {t("tokenPacks.soldOut")}
            </Badge>
          )}
        </Group>
        <Text c="dimmed">{packDescription(item, t)}</Text>
        <Text>{t("tokenPacks.stickers", { count: item.size })}</Text>
        <Text fw={700} size="xl">
          {formatMinorPrice(item.price.amount, item.price.currency, i18n.language)}
        </Text>
        {inBag > 0 && (
          <Text size="sm" c="dimmed">
            {t("tokenPacks.inBag", { count: inBag })}
          </Text>
        )}
        {/* The button takes the room left beside the quantity and never shrinks below its label: a longer label
            ("Afegeix a la cistella") moves it under the quantity instead of cutting it off. */}
        <Group align="flex-end" mt="auto">
          <NumberInput
            label={t("tokenPacks.quantity")}
            min={1}
            max={Math.max(1, max)}
            value={quantity}
            onChange={setQuantity}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            disabled={soldOut}
            w={100}
          />
          <Button disabled={soldOut || !valid} onClick={() => onAdd(wanted)} style={{ flex: "1 0 auto" }}>
            {t("tokenPacks.add")}
          </Button>
        </Group>
        {!soldOut && item.quantity <= MAX_PACKS_PER_ITEM && (
          <Text size="sm" c="dimmed">
            {t("tokenPacks.left", { count: item.quantity })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A bag line's number of packs. What is typed is kept here while it is not a number (an emptied field), so the
 * field can be cleared and typed again; only whole numbers from 1 to `max` reach the bag.
 */
function LineQuantity({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  const [draft, setDraft] = useState<number | string>(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // The bag changed elsewhere (another tab, "Add to bag"): show its number.
    setSeen(value);
    setDraft(value);
  }
  return (
    <NumberInput
      aria-label={label}
      min={1}
      max={max}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === "number" && Number.isInteger(next) && next >= 1) onChange(Math.min(next, max));
      }}
      onBlur={() => setDraft(value)}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="blur"
      size="xs"
      w={80}
    />
  );
}

/** The bag beside the packs: its lines, the subtotal, where it will be shipped, and the way on to shipping. */
function Bag({ inventory, currency }: { inventory: InventoryItem[]; currency: Currency }) {
  const { t, i18n } = useTranslation("shop");
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const bag = useBag();
  const createShipment = useCreateShipment();
  const lines = bagLines(bag.items, inventory);
  const price = (amount: number) => formatMinorPrice(amount, currency, i18n.language);
  const unavailable = lines.some((line) => !line.item || line.quantity > line.item.quantity);

  const continueToShipping = async () => {
    try {
      const shipment = await createShipment.mutateAsync({
        items: lines.filter((line) => line.item).map(({ item_id, quantity }) => ({ item_id, quantity })),
        currency,
      });
      navigate(paths.user.shipment.to(shipment.id));
    } catch {
      // The error is shown from the mutation's state.
    }
  };

  return (
    <Card component="section" withBorder padding="lg" radius="md" aria-labelledby="bag-title">
      <Stack gap="md">
        <Title order={2} id="bag-title">
          {t("bag.title")}
        </Title>
        {lines.length === 0 ? (
          <Text c="dimmed">{t("bag.empty")}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {lines.map((line) => {
              const name = line.item ? packName(line.item, t) : t("bag.unknownItem");
              const max = line.item ? Math.max(1, maxPacks(line.item)) : MAX_PACKS_PER_ITEM;
              return (
                <li key={line.item_id}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{name}</Text>
                      {line.item && <Text>{price(line.item.price.amount * line.quantity)}</Text>}
                    </Group>
                    <Group gap="xs" align="center" wrap="nowrap">
                      <LineQuantity
                        label={t("bag.quantityOf", { name })}
                        value={line.quantity}
                        max={max}
                        onChange={(quantity) => bag.setQuantity(line.item_id, quantity)}
                      />
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t("bag.removeItem", { name })}
                        onClick={() => bag.remove(line.item_id)}
                      >
                        {t("bag.remove")}
                      </Button>
                    </Group>
                    {!line.item && (
                      <Text size="sm" c="red">
                        {t("bag.gone")}
                      </Text>
                    )}
                    {line.item && line.quantity > line.item.quantity && (
                      <Text size="sm" c="red">
                        {line.item.quantity === 0 ? t("bag.soldOut") : t("bag.onlyLeft", { count: line.item.quantity })}
                      </Text>
                    )}
                  </Stack>
                </li>
              );
            })}
          </Stack>
        )}

        {lines.length > 0 && (
          <Stack gap={2}>
            <Group justify="space-between">
              <Text fw={700}>{t("bag.subtotal")}</Text>
              <Text fw={700}>{price(bagSubtotal(bag.items, inventory))}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t("bag.shippingNext")}
            </Text>
          </Stack>
        )}

        <Stack gap={4}>
          <Title order={3} size="h5">
            {t("bag.shipTo")}
          </Title>
          {user.shipping ? (
            <>
              <ShippingAddress address={user.shipping} />
              <Anchor component={Link} to={paths.user.profile} size="sm">
                {t("bag.changeAddress")}
              </Anchor>
            </>
          ) : (
            <Alert color="orange" title={t("bag.noAddress")}>
              <Anchor component={Link} to={paths.user.profile}>
                {t("bag.setAddress")}
              </Anchor>
            </Alert>
          )}
        </Stack>

        {createShipment.error && (
          <Alert color="red" role="alert" title={t("failed")}>
            {errorText(createShipment.error)}
          </Alert>
        )}

        <Button
          fullWidth
          disabled={lines.length === 0 || !user.shipping || unavailable}
          loading={createShipment.isPending}
          onClick={continueToShipping}
        >
          {t("bag.continue")}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The shop's sticker packs (spec §3): each pack with its price in the remembered currency and a way to add it to the
 * bag, and the bag beside them, which goes on to a shipment to the profile's shipping address.
 */
export function TokenPacksScreen() {
  const { t } = useTranslation("shop");
  const errorText = useApiErrorText();
  const { currency, setCurrency } = useCurrency();
  const inventory = useInventory(currency);
  const bag = useBag();
  const items = inventory.data ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap="xs">
        <Title order={1}>{t("tokenPacks.title")}</Title>
        <Text size="lg">{t("tokenPacks.intro")}</Text>
      </Stack>

      <CurrencyToggle value={currency} onChange={setCurrency} />

      {inventory.error && (
        <Alert color="red" role="alert" title={t("failed")}>
          {errorText(inventory.error)}
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {inventory.isPending ? (
            <Group justify="center" py="xl">
              <Loader aria-label={t("tokenPacks.loading")} />
            </Group>
          ) : items.length === 0 && !inventory.error ? (
            <Text c="dimmed">{t("tokenPacks.none")}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {items.map((item) => (
                <PackCard
                  key={item.id}
                  item={item}
                  inBag={bag.items.find((b) => b.item_id === item.id)?.quantity ?? 0}
                  onAdd={(quantity) => bag.add(item.id, quantity)}
                />
              ))}
            </SimpleGrid>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>{inventory.data ? <Bag inventory={inventory.data} currency={currency} /> : null}</Grid.Col>
      </Grid>

      <Text size="sm" c="dimmed">
        {t("tokenPacks.sheets")}
      </Text>
    </Stack>
  );
}
