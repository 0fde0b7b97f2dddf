import { paths } from "@latent/domain/app-paths";
import { SURVEY_STEPS } from "@latent/domain/user";
import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Stepper, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useApiErrorText } from "../../shared/api/use-api-error-text.ts";
import { useCurrentUser } from "../user/api/get-user.ts";
import { useUpdateUser } from "../user/api/update-user.ts";
import { PERSONAS, ROLLS_PER_MONTH, SCANNING, SHOT_FORMATS, type SurveyAnswers, stepComplete } from "./survey-questions.ts";

const EMPTY: SurveyAnswers = { persona: "", formats: [], rolls_per_month: "", scanning: "" };

export function SurveyScreen() {
  const { t } = useTranslation("survey");
  const errorText = useApiErrorText();
  const user = useCurrentUser();
  const update = useUpdateUser();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<SurveyAnswers>(EMPTY);
  const set = (patch: Partial<SurveyAnswers>) => setAnswers((current) => ({ ...current, ...patch }));
  const last = step === SURVEY_STEPS - 1;

  if (user.survey_submitted) {
    return (
      <Stack gap="lg" maw={720}>
        <Title order={1}>{t("title")}</Title>
        <Alert color="green" title={t("done.title")}>
          {t("done.text")}
        </Alert>
        <div>
          <Button component={Link} to={paths.user.home}>
            {t("done.back")}
          </Button>
        </div>
      </Stack>
    );
  }

  const submit = () =>
    update.mutate(
      { survey_submitted: true, survey: { ...answers } },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("done.text") });
          navigate(paths.user.home);
        },
        onError: (err) => notifications.show({ color: "red", title: t("failed"), message: errorText(err) }),
      },
    );

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t("title")}</Title>
        <Text c="dimmed">{t("intro")}</Text>
      </Stack>
      <Stepper active={step} onStepClick={(target) => target < step && setStep(target)} allowNextStepsSelect={false}>
        <Stepper.Step label={t("steps.persona.label")}>
          <Paper withBorder p="lg">
            <Radio.Group label={t("steps.persona.question")} value={answers.persona} onChange={(persona) => set({ persona })}>
              <Stack gap="xs" mt="sm">
                {PERSONAS.map((persona) => (
                  <Radio key={persona} value={persona} label={t(`steps.persona.options.${persona}`)} />
                ))}
              </Stack>
            </Radio.Group>
          </Paper>
        </Stepper.Step>
        <Stepper.Step label={t("steps.shooting.label")}>
          <Paper withBorder p="lg">
            <Stack gap="lg">
              <Checkbox.Group label={t("steps.shooting.formats")} value={answers.formats} onChange={(formats) => set({ formats })}>
                <Group gap="md" mt="sm">
                  {SHOT_FORMATS.map((format) => (
                    <Checkbox key={format} value={format} label={t(`gear:formats.${format}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Radio.Group
                label={t("steps.shooting.rolls")}
                value={answers.rolls_per_month}
                onChange={(rolls_per_month) => set({ rolls_per_month })}
              >
                <Group gap="md" mt="sm">
                  {ROLLS_PER_MONTH.map((rolls) => (
                    <Radio key={rolls} value={rolls} label={t(`steps.shooting.rollsOptions.${rolls}`)} />
                  ))}
                </Group>
              </Radio.Group>
            </Stack>
          </Paper>
        </Stepper.Step>
        <Stepper.Step label={t("steps.scanning.label")}>
          <Paper withBorder p="lg">
            <Radio.Group label={t("steps.scanning.question")} value={answers.scanning} onChange={(scanning) => set({ scanning })}>
              <Stack gap="xs" mt="sm">
                {SCANNING.map((way) => (
                  <Radio key={way} value={way} label={t(`steps.scanning.options.${way}`)} />
                ))}
              </Stack>
            </Radio.Group>
          </Paper>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep(step - 1)} disabled={step === 0 || update.isPending}>
          {t("common:actions.back")}
        </Button>
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("progress", { step: step + 1, total: SURVEY_STEPS })}
          </Text>
          {last ? (
            <Button onClick={submit} disabled={!stepComplete(step, answers)} loading={update.isPending}>
              {t("submit")}
            </Button>
          ) : (
            <Button onClick={() => setStep(step + 1)} disabled={!stepComplete(step, answers)}>
              {t("common:actions.next")}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
