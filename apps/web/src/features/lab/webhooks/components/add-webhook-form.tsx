import { type NewWebhookEndpointResult, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@latent/domain/lab-webhooks";
import { Alert, Button, Card, Checkbox, Group, Stack, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../../shared/api/use-api-error-text.ts";
import { useCreateWebhook } from "../api/create-webhook.ts";

/** Adds an endpoint: its https address, a note, the events it wants; the new secret goes to `onCreated`. */
export function AddWebhookForm({ onCreated }: { onCreated: (endpoint: NewWebhookEndpointResult) => void }) {
  const { t } = useTranslation("labWebhooks");
  const errorText = useApiErrorText();
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENT_TYPES]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), description: description.trim(), events: events as WebhookEventType[] },
      {
        onSuccess: (made) => {
          setUrl("");
          setDescription("");
          setEvents([...WEBHOOK_EVENT_TYPES]);
          onCreated(made);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-webhook-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4" id="add-webhook-heading">
            {t("add.title")}
          </Title>
          <TextInput
            label={t("add.url")}
            description={t("add.urlHelp")}
            placeholder="https://example.com/latent-webhooks"
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <TextInput
            label={t("add.description")}
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Checkbox.Group label={t("add.events")} value={events} onChange={setEvents} required>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={`${type} — ${t(`events.${type}`)}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {create.isError && (
            <Alert color="red" role="alert">
              {errorText(create.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!url.trim() || events.length === 0}>
              {t("add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
