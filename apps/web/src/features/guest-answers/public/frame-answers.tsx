import { REQUEST_KINDS, REQUEST_NOTE_MAX, type RequestKind } from "@latent/domain/guest-answers";
import { Button, Group, Radio, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CommentForm } from "../components/comment-form.tsx";
import { CommentList } from "../components/comment-list.tsx";
import { commentsOn } from "./answer-groups.ts";
import { useGuestSession } from "./guest-session.tsx";

/** "Ask the lab" on an order's frame: rescan or print, with a note; the guest's earlier requests for the frame above. */
function AskLab({ shotId, frame }: { shotId: string; frame: number }) {
  const { t } = useTranslation("guestAnswers");
  const session = useGuestSession();
  const [kind, setKind] = useState<RequestKind>("rescan");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  if (!session) return null;
  const asked = (session.answers?.requests ?? []).filter((request) => request.shot_id === shotId);

  const submit = async () => {
    setSending(true);
    try {
      if (await session.ask(kind, shotId, note.trim())) setNote("");
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={t("ask.title", { frame })}>
      <Title order={4} size="h6">
        {t("ask.title", { frame })}
      </Title>
      {asked.map((request) => (
        <Text key={request.id} size="xs" c="dimmed">
          {t(request.done_at ? "ask.done" : "ask.open", { kind: t(`ask.kinds.${request.kind}`) })}
          {request.note && ` · ${request.note}`}
        </Text>
      ))}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="xs">
          <Radio.Group label={t("ask.kind")} value={kind} onChange={(value) => setKind(value as RequestKind)}>
            <Group gap="md" mt={4}>
              {REQUEST_KINDS.map((k) => (
                <Radio key={k} value={k} label={t(`ask.kinds.${k}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t("ask.note")}
            placeholder={t("ask.notePlaceholder")}
            value={note}
            maxLength={REQUEST_NOTE_MAX}
            autosize
            minRows={1}
            maxRows={4}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button size="xs" type="submit" variant="light" loading={sending}>
              {t("ask.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** In the lightbox: the frame's comments and a box to add one; on an order, "ask the lab" too. Nothing when answers are off. */
export function FrameAnswers({ shotId, frame }: { shotId: string; frame: number }) {
  const { t } = useTranslation("guestAnswers");
  const session = useGuestSession();
  if (!session) return null;
  const comments = commentsOn(session.answers?.comments ?? [], shotId);
  return (
    <Stack gap="sm" mt="lg">
      <Stack gap="xs" component="section" aria-label={t("comments.frameTitle", { frame })}>
        <Title order={4} size="h6">
          {t("comments.frameTitle", { frame })}
        </Title>
        <CommentList comments={comments} emptyText={t("comments.frameEmpty")} kind={session.kind} />
        <CommentForm label={t("comments.frameLabel", { frame })} send={(text) => session.comment(shotId, text)} />
      </Stack>
      {session.kind === "order" && <AskLab shotId={shotId} frame={frame} />}
    </Stack>
  );
}

/** Below the gallery: comments on the whole roll (or order), and a box to add one. */
export function RollComments({ title }: { title: string }) {
  const { t } = useTranslation("guestAnswers");
  const session = useGuestSession();
  if (!session) return null;
  const comments = commentsOn(session.answers?.comments ?? [], null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="roll-comments-title" maw={720}>
      <Title order={2} size="h3" id="roll-comments-title">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {session.answers?.guest ? t("guest.signedAs", { name: session.answers.guest.name }) : t("guest.intro")}
      </Text>
      <CommentList comments={comments} emptyText={t("comments.rollEmpty")} kind={session.kind} />
      <CommentForm
        label={t(session.kind === "film" ? "comments.rollLabel" : "comments.orderLabel")}
        send={(text) => session.comment(null, text)}
      />
    </Stack>
  );
}
