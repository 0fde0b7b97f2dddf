import { ORDER_PARAM } from "@latent/domain/app-paths";
import { ORDER_STATUSES, type OrderStatus } from "@latent/domain/orders";
import { Anchor, Badge, Button, EmptyState, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadFailedAlert } from "../../shared/ui/load-failed-alert.tsx";
import { useOrderPages } from "./api/list-orders.ts";
import { CollectedNote } from "./components/collected-note.tsx";
import { NewOrderModal } from "./components/new-order-modal.tsx";
import { OrderDrawer } from "./components/order-drawer.tsx";
import { StatusBadge } from "./components/status-badge.tsx";
import { OrderImportDialog } from "./import/order-import-dialog.tsx";
import { useOrdersFeed } from "./use-orders-feed.ts";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The lab's orders, a page at a time ("Load more"): search (the server's), filter by status, create one or import many
 * from a CSV, and open one in a drawer.
 */
export function OrdersScreen() {
  const { t, i18n } = useTranslation(["orders", "orderImport"]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useOrderPages({ ...(status ? { status } : {}), ...(debounced ? { search: debounced } : {}) });
  const orders = pages.data?.pages.flatMap((page) => page.orders);
  // The list and the open order follow the lab's feed: scans arriving, orders sent and collected, without a reload.
  useOrdersFeed();
  // The open order is in the address, so a reload, a shared address or a roll's way back opens it again.
  const openId = searchParams.get(ORDER_PARAM);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const filtered = Boolean(status || debounced);

  const open = (id: string | null) =>
    setSearchParams((params) => {
      if (id) params.set(ORDER_PARAM, id);
      else params.delete(ORDER_PARAM);
      return params;
    });
  const newOrderButton = <Button onClick={() => setCreating(true)}>{t("new.button")}</Button>;
  const importButton = (
    <Button variant="default" onClick={() => setImporting(true)}>
      {t("orderImport:action")}
    </Button>
  );

  let body: ReactNode;
  if (pages.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t("loading")}>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (pages.isError) {
    body = <LoadFailedAlert title={t("loadFailed")} error={pages.error} onRetry={() => pages.refetch()} />;
  } else if (!orders || orders.length === 0) {
    body = filtered ? (
      <EmptyState title={t("empty.filteredTitle")} description={t("empty.filteredText")} py="xl" />
    ) : (
      <EmptyState title={t("empty.title")} description={t("empty.text")} py="xl" />
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("columns.reference")}</Table.Th>
              <Table.Th>{t("columns.customer")}</Table.Th>
              <Table.Th>{t("columns.status")}</Table.Th>
              <Table.Th>{t("columns.rolls")}</Table.Th>
              <Table.Th>{t("columns.created")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  {/* A real button: the row opens from the keyboard too. */}
                  <Group gap={6} wrap="nowrap">
                    <Anchor component="button" type="button" fw={600} onClick={() => open(order.id)}>
                      {order.reference}
                    </Anchor>
                    {/* Guests asked the lab to rescan or print frames (issue 31): open requests wait on the order. */}
                    {order.open_requests > 0 && (
                      <Badge size="sm" color="orange" c="dark.7" variant="light">
                        {t("guestAnswers:requests.open", { count: order.open_requests })}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.user_name}</Text>
                  {order.user_email === null ? (
                    <Text size="xs" c="orange.8">
                      {t("waitingCustomer")}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {order.user_email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>
                  {/* A collected order's rolls are the customer's now: say what went, and when. */}
                  {order.collected ? (
                    <CollectedNote collected={order.collected} size="xs" />
                  ) : order.rolls_expected !== null && order.films.length < order.rolls_expected ? (
                    // An imported order says how many rolls the customer brought: what is still to add shows.
                    <span title={t("orderImport:rollsExpected", { count: order.films.length, expected: order.rolls_expected })}>
                      {`${order.films.length} / ${order.rolls_expected}`}
                    </span>
                  ) : (
                    order.films.length
                  )}
                </Table.Td>
                <Table.Td>{dateFormat.format(new Date(order.created_at))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  const more = pages.hasNextPage ? (
    <Group justify="center">
      <Button variant="default" onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
        {t("more.button")}
      </Button>
    </Group>
  ) : null;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1}>{t("title")}</Title>
        <Group gap="xs">
          {importButton}
          {newOrderButton}
        </Group>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t("filters.search")}
          placeholder={t("filters.searchPlaceholder")}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <NativeSelect
          label={t("filters.status")}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as OrderStatus | "")}
          data={[{ value: "", label: t("filters.allStatuses") }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        />
      </Group>
      {body}
      {more}
      {pages.isFetchingNextPage && (
        <Text size="sm" c="dimmed" role="status" ta="center">
          {t("more.loading")}
        </Text>
      )}
      <OrderImportDialog opened={importing} onClose={() => setImporting(false)} />
      <NewOrderModal opened={creating} onClose={() => setCreating(false)} onCreated={(id) => open(id)} />
      <OrderDrawer orderId={openId} onClose={() => open(null)} />
    </Stack>
  );
}
