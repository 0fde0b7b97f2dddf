import type { Client } from "@latent/domain/orders";
import { Button, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useClientSearch } from "../api/search-clients.ts";

const SEARCH_DEBOUNCE_MS = 300;

/** Finds a photographer already on Latent (by exact email, or a past customer of the lab) to fill the order's customer. */
export function ClientSearch({ onPick }: { onPick: (client: Client) => void }) {
  const { t } = useTranslation("orders");
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const clients = useClientSearch(debounced);

  return (
    <Stack gap={6}>
      <TextInput
        label={t("clients.search")}
        description={t("clients.hint")}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={clients.isFetching ? <Loader size="xs" aria-label={t("clients.searching")} /> : null}
      />
      <div aria-live="polite">
        {debounced && clients.isSuccess && clients.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("clients.none")}
          </Text>
        )}
        {clients.isSuccess && clients.data.length > 0 && (
          <Stack gap={4} component="ul" aria-label={t("clients.results")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {clients.data.map((client) => (
              <li key={client.user_id ?? client.email}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    onPick(client);
                    setQuery("");
                  }}
                  aria-label={t("clients.pick", { name: client.name || client.email, email: client.email })}
                >
                  {client.name ? `${client.name} · ${client.email}` : client.email}
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
