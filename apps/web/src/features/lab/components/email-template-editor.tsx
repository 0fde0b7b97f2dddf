import {
  EMAIL_BODY_MAX,
  EMAIL_PLACEHOLDERS,
  EMAIL_SUBJECT_MAX,
  type EmailPlaceholder,
  type EmailTemplate,
  fillTemplate,
  unknownPlaceholders,
} from "@latent/domain/labs";
import { Alert, Button, Card, Divider, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../shared/api/api-error.ts";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { currentLocale } from "../../../shared/i18n/i18n.ts";
import { useLoadDefaultEmailTemplate } from "../api/get-default-email-template.ts";
import { useEmailTemplate } from "../api/get-email-template.ts";
import { useSaveEmailTemplate } from "../api/save-email-template.ts";
import { insertAtCursor, placeholderToken, sampleValues } from "../email-template-text.ts";

type Field = "subject" | "body";

/**
 * The email a customer receives when the lab sends an order: subject and body with placeholders inserted at the
 * cursor, checked here for unknown ones, and previewed live with a sample order.
 */
export function EmailTemplateEditor({ labName }: { labName: string }) {
  const { t, i18n } = useTranslation("lab");
  const errorText = useApiErrorText();
  const saved = useEmailTemplate();
  const loadDefault = useLoadDefaultEmailTemplate();
  const save = useSaveEmailTemplate();
  const locale = currentLocale(i18n);
  const [template, setTemplate] = useState<EmailTemplate | null>(null);
  const [loadingDefault, setLoadingDefault] = useState(false);
  const [defaultError, setDefaultError] = useState<unknown>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Chips insert into the field last typed in; the body until then.
  const lastField = useRef<Field>("body");
  const notSavedYet = saved.error instanceof ApiError && saved.error.code === "lab-email-template-not-found";

  const applyDefault = async () => {
    setLoadingDefault(true);
    setDefaultError(null);
    try {
      setTemplate(await loadDefault(locale));
    } catch (err) {
      setDefaultError(err);
    } finally {
      setLoadingDefault(false);
    }
  };

  // The form starts from the saved template; with none saved yet, from the default in the lab's language.
  useEffect(() => {
    if (template) return;
    if (saved.data) setTemplate(saved.data);
    else if (notSavedYet && !loadingDefault && !defaultError) void applyDefault();
  });

  const insert = (name: EmailPlaceholder) => {
    if (!template) return;
    const field = lastField.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const { text, cursor } = insertAtCursor(
      template[field],
      placeholderToken(name),
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
    );
    setTemplate({ ...template, [field]: text });
    // After React wrote the new value: back to the field, the cursor just after the placeholder.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(cursor, cursor);
    });
  };

  const submit = () => {
    if (!template) return;
    save.mutate(template, {
      onSuccess: () => notifications.show({ color: "green", message: t("template.saved") }),
      onError: (err) => notifications.show({ color: "red", title: t("template.saveFailed"), message: errorText(err) }),
    });
  };

  const heading = (
    <Title order={2} size="h3" id="email-template-heading">
      {t("template.title")}
    </Title>
  );

  if (!template) {
    const failure = defaultError ?? (saved.isError && !notSavedYet ? saved.error : null);
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="email-template-heading">
        <Stack gap="md">
          {heading}
          {failure ? (
            <Alert color="red" title={t("template.loadFailed")} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorText(failure)}</Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setDefaultError(null);
                    void saved.refetch();
                  }}
                >
                  {t("common:actions.retry")}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Stack gap="sm" aria-busy="true" aria-label={t("template.loading")}>
              <Skeleton height={36} />
              <Skeleton height={160} />
            </Stack>
          )}
        </Stack>
      </Card>
    );
  }

  const unknown = unknownPlaceholders(`${template.subject}\n${template.body}`);
  const values = sampleValues({ labName: labName || t("template.sampleLab"), locale, origin: window.location.origin });
  const blank = template.subject.trim() === "" || template.body.trim() === "";
  const track = (field: Field) => () => {
    lastField.current = field;
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-template-heading">
      <Stack gap="md">
        {heading}
        <Text size="sm" c="dimmed">
          {t("template.text")}
        </Text>
        {notSavedYet && !saved.data && (
          <Alert color="blue" role="status">
            {t("template.notSavedYet")}
          </Alert>
        )}
        <TextInput
          ref={subjectRef}
          label={t("template.subject")}
          withAsterisk
          maxLength={EMAIL_SUBJECT_MAX}
          value={template.subject}
          onChange={(event) => setTemplate({ ...template, subject: event.currentTarget.value })}
          onFocus={track("subject")}
          onSelect={track("subject")}
        />
        <Textarea
          ref={bodyRef}
          label={t("template.body")}
          withAsterisk
          autosize
          minRows={8}
          maxRows={20}
          maxLength={EMAIL_BODY_MAX}
          value={template.body}
          onChange={(event) => setTemplate({ ...template, body: event.currentTarget.value })}
          onFocus={track("body")}
          onSelect={track("body")}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="placeholder-chips-label">
            {t("template.placeholders")}
          </Text>
          <Group gap="xs" role="group" aria-labelledby="placeholder-chips-label">
            {EMAIL_PLACEHOLDERS.map((name) => (
              <Button
                key={name}
                size="compact-sm"
                variant="light"
                radius="xl"
                ff="monospace"
                // The mouse must not take the focus (and the cursor position) away from the field.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(name)}
                aria-label={t("template.insert", { placeholder: t(`template.placeholderNames.${name}`) })}
                title={t(`template.placeholderNames.${name}`)}
              >
                {placeholderToken(name)}
              </Button>
            ))}
          </Group>
        </Stack>
        {unknown.length > 0 && (
          <Alert color="red" role="alert">
            {t("template.unknown", { count: unknown.length, names: unknown.map((n) => `{{${n}}}`).join(", ") })}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => void applyDefault()} loading={loadingDefault}>
            {t("template.useDefault")}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={unknown.length > 0 || blank}>
            {t("template.save")}
          </Button>
        </Group>
        {defaultError !== null && (
          <Alert color="red" role="alert">
            {errorText(defaultError)}
          </Alert>
        )}
        <Divider />
        <Stack gap="xs" component="section" aria-labelledby="email-preview-heading">
          <Title order={3} size="h5" id="email-preview-heading">
            {t("template.preview")}
          </Title>
          <Paper withBorder p="md" bg="var(--mantine-color-body)">
            <Text size="sm" c="dimmed">
              {t("template.previewSubject")}
            </Text>
            <Text fw={600} mb="sm">
              {fillTemplate(template.subject, values)}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {fillTemplate(template.body, values)}
            </Text>
          </Paper>
        </Stack>
      </Stack>
    </Card>
  );
}
