import {
  type CreatedLabKey,
  LAB_KEY_NAME_MAX,
  LAB_KEY_SCOPE_NAMES,
  type LabKeyScope,
  labKeyNameProblem,
} from "@latent/domain/lab-api-keys";
import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { CopyField } from "../components/copy-field.tsx";
import { useCreateLabApiKey } from "./create-lab-api-key.ts";
import { scopeKey } from "./lab-api-keys-key.ts";

interface KeyValues {
  name: string;
  scopes: LabKeyScope[];
}

/** Makes a key: a name and its scopes; the token is shown once, right here, with a copy button. */
export function CreateKeyForm() {
  const { t } = useTranslation("labApiKeys");
  const { t: tErrors } = useTranslation("errors");
  const errorText = useApiErrorText();
  const create = useCreateLabApiKey();
  const [created, setCreated] = useState<CreatedLabKey | null>(null);
  const form = useForm<KeyValues>({
    mode: "controlled",
    initialValues: { name: "", scopes: [...LAB_KEY_SCOPE_NAMES] },
    // The server's own rules, so the form says what the API would.
    validate: {
      name: (name) => {
        const problem = labKeyNameProblem(name);
        return problem ? tErrors(`api.${problem}`) : null;
      },
      scopes: (scopes) => (scopes.length ? null : tErrors("api.lab-key-scopes-required")),
    },
  });

  const submit = (values: KeyValues) =>
    create.mutate(
      { name: values.name.trim(), scopes: values.scopes },
      {
        onSuccess: (key) => {
          setCreated(key);
          form.reset();
        },
      },
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-key-heading">
      <Stack gap="md">
        <Title order={3} size="h4" id="new-key-heading">
          {t("create.title")}
        </Title>
        {created && (
          <Alert color="yellow" role="status" title={t("created.title", { name: created.name })}>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t("created.once")}
              </Text>
              <CopyField label={t("created.token")} value={created.token} description={t("created.how")} />
              <Group>
                <Button variant="default" size="xs" onClick={() => setCreated(null)}>
                  {t("created.done")}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <TextInput
              label={t("create.name")}
              description={t("create.nameHint")}
              placeholder={t("create.namePlaceholder")}
              maxLength={LAB_KEY_NAME_MAX}
              required
              {...form.getInputProps("name")}
            />
            <Checkbox.Group label={t("create.scopes")} description={t("create.scopesHint")} required {...form.getInputProps("scopes")}>
              <Stack gap="xs" mt="xs">
                {LAB_KEY_SCOPE_NAMES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={t(`scopes.${scopeKey(scope)}.label`)}
                    description={t(`scopes.${scopeKey(scope)}.text`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {create.isError && (
              <Alert color="red" role="alert">
                {errorText(create.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t("create.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
