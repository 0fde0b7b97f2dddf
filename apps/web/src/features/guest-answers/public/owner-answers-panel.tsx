import type { OrderRequest, OwnerAnswers, OwnerComment } from "@latent/domain/guest-answers";
import { Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { useApiErrorText } from "../../../shared/api/use-api-error-text.ts";
import { saveFile } from "../../../shared/device/save-file.ts";
import { LoadFailedAlert } from "../../../shared/ui/load-failed-alert.tsx";
import { type AnswersScope, ownerAnswersKey } from "../api/answers-scope.ts";
import { exportFavourites, type FavouritesFormat } from "../api/export-favourites.ts";
import { useOwnerAnswers } from "../api/get-owner-answers.ts";
import { deleteComment, setCommentHidden } from "../api/moderate-comment.ts";
import { postOwnerComment } from "../api/post-owner-comment.ts";
import { updateRequest } from "../api/update-request.ts";
import { CommentForm } from "../components/comment-form.tsx";
import { CommentList } from "../components/comment-list.tsx";
import { favouritesByFrame } from "./answer-groups.ts";

interface OwnerAnswersPanelProps {
  scope: AnswersScope;
  /** The roll's name or the order's reference: the exported file's name. */
  name: string;
  /** The heading's level where the panel sits (a roll page: 2; the order drawer: 3). */
  headingOrder?: 2 | 3;
}

/** A file name from a roll's name or an order's reference, as the server names the same export. */
const exportName = (name: string, format: FavouritesFormat) =>
  `${
    name
      .trim()
      .replace(/\s+/g, "-")
      .replace(/[\\/:*?"<>|]/g, "") || "favourites"
  }-favourites.${format}`;

/** The owner's side of one comment: reply, hide or show, delete (asking first). */
function CommentActions({ scope, comment }: { scope: AnswersScope; comment: OwnerComment }) {
  const { t } = useTranslation("guestAnswers");
  const api = useApiClient();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ownerAnswersKey(scope) });
  const failed = (err: unknown) =>
    notifications.show({
      closeButtonProps: { "aria-label": t("errors:dismiss") },
      color: "red",
      title: t("owner.actionFailed"),
      message: errorText(err),
    });
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await refresh();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t("owner.deleteTitle"),
      children: <Text size="sm">{t("owner.deleteText", { name: comment.author })}</Text>,
      labels: { confirm: t("owner.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      closeButtonProps: { "aria-label": t("common:actions.close") },
      onConfirm: () => void run(() => deleteComment(api, scope, comment.id)),
    });

  return (
    <Stack gap={4} mt={6}>
      <Group gap={6}>
        {!comment.from_owner && !comment.reply_to && (
          <Button size="compact-xs" variant="subtle" onClick={() => setReplying((open) => !open)} aria-expanded={replying}>
            {t("owner.reply")}
          </Button>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          loading={busy}
          onClick={() => void run(() => setCommentHidden(api, scope, comment.id, !comment.hidden))}
        >
          {comment.hidden ? t("owner.show") : t("owner.hide")}
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={confirmDelete}>
          {t("owner.delete")}
        </Button>
      </Group>
      {replying && (
        <CommentForm
          label={t("owner.replyLabel", { name: comment.author })}
          submitLabel={t("owner.sendReply")}
          autoFocus
          onCancel={() => setReplying(false)}
          send={async (text) => {
            try {
              await postOwnerComment(api, scope, { shot_id: comment.shot_id, text, reply_to: comment.id });
              await refresh();
              setReplying(false);
              return true;
            } catch (err) {
              failed(err);
              return false;
            }
          }}
        />
      )}
    </Stack>
  );
}

/** The lab's list of guests' "ask the lab" requests, open ones first, each marked done (or open again) in one click. */
function Requests({ orderId, requests }: { orderId: string; requests: OrderRequest[] }) {
  const { t, i18n } = useTranslation("guestAnswers");
  const api = useApiClient();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const sorted = [...requests].sort((a, b) => Number(a.done_at !== null) - Number(b.done_at !== null));
  const mark = async (request: OrderRequest) => {
    setBusy(request.id);
    try {
      await updateRequest(api, orderId, request.id, request.done_at === null);
      // The list's count of open requests changes too.
      await queryClient.invalidateQueries({ queryKey: ["orders"] });
    } catch (err) {
      notifications.show({
        closeButtonProps: { "aria-label": t("errors:dismiss") },
        color: "red",
        title: t("owner.actionFailed"),
        message: errorText(err),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="answers-requests-title">
      <Title order={4} size="h5" id="answers-requests-title">
        {t("requests.title")}
      </Title>
      {sorted.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("requests.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("requests.columns.frame")}</Table.Th>
                <Table.Th>{t("requests.columns.kind")}</Table.Th>
                <Table.Th>{t("requests.columns.note")}</Table.Th>
                <Table.Th>{t("requests.columns.who")}</Table.Th>
                <Table.Th>{t("requests.columns.state")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>{request.frame ?? "—"}</Table.Td>
                  <Table.Td>{t(`ask.kinds.${request.kind}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{request.note || "—"}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{request.guest?.name ?? request.author}</Text>
                    <Text size="xs" c="dimmed">
                      {date.format(new Date(request.created_at))}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant={request.done_at ? "default" : "light"}
                      loading={busy === request.id}
                      onClick={() => void mark(request)}
                      aria-label={t(request.done_at ? "requests.reopenLabel" : "requests.doneLabel", {
                        kind: t(`ask.kinds.${request.kind}`),
                        frame: request.frame ?? "",
                      })}
                    >
                      {request.done_at ? t("requests.reopen") : t("requests.markDone")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Favourites({ answers, scope, name }: { answers: OwnerAnswers; scope: AnswersScope; name: string }) {
  const { t } = useTranslation("guestAnswers");
  const api = useApiClient();
  const errorText = useApiErrorText();
  const [exporting, setExporting] = useState<FavouritesFormat | null>(null);
  const frames = favouritesByFrame(answers.favourites);
  const download = async (format: FavouritesFormat) => {
    setExporting(format);
    try {
      saveFile(await exportFavourites(api, scope, format), exportName(name, format));
    } catch (err) {
      notifications.show({
        closeButtonProps: { "aria-label": t("errors:dismiss") },
        color: "red",
        title: t("owner.exportFailed"),
        message: errorText(err),
      });
    } finally {
      setExporting(null);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="answers-favourites-title">
      <Group justify="space-between">
        <Title order={4} size="h5" id="answers-favourites-title">
          {t("owner.favouritesTitle", { count: frames.length })}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={frames.length === 0}
            loading={exporting === "txt"}
            onClick={() => void download("txt")}
          >
            {t("owner.exportTxt")}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={frames.length === 0}
            loading={exporting === "csv"}
            onClick={() => void download("csv")}
          >
            {t("owner.exportCsv")}
          </Button>
        </Group>
      </Group>
      {frames.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("owner.favouritesEmpty")}
        </Text>
      ) : (
        <Stack gap={2} component="ul" aria-label={t("owner.favouritesList")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {frames.map((frame) => (
            <Text key={frame.shotId} component="li" size="sm">
              <Text span fw={600}>
                {t("owner.frame", { frame: frame.frame })}
              </Text>
              {frame.fileName && ` · ${frame.fileName}`}
              {" · "}
              <Text span c="red.8" aria-label={t("owner.favouriteCount", { count: frame.guests.length })}>
                {`♥ ${frame.guests.length}`}
              </Text>
              {` · ${frame.guests.map((guest) => guest.name).join(", ")}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Guests' answers for the owner of a roll or the lab of an order, live (the page's feed refreshes them): favourites
 * frame by frame with who, the export for Lightroom, every comment with reply, hide and delete, and an order's requests.
 */
export function OwnerAnswersPanel({ scope, name, headingOrder = 2 }: OwnerAnswersPanelProps) {
  const { t } = useTranslation("guestAnswers");
  const api = useApiClient();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const answers = useOwnerAnswers(scope);
  const openRequests = answers.data?.requests.filter((request) => request.done_at === null).length ?? 0;

  return (
    <Stack gap="md" component="section" aria-labelledby="guest-answers-title">
      <Group gap="xs">
        <Title order={headingOrder} size={headingOrder === 2 ? "h3" : "h4"} id="guest-answers-title">
          {t("owner.title")}
        </Title>
        {openRequests > 0 && (
          <Badge color="orange" c="dark.7" variant="light">
            {t("requests.open", { count: openRequests })}
          </Badge>
        )}
      </Group>
      {answers.isPending ? (
        <Skeleton height={80} aria-label={t("common:loading")} />
      ) : answers.isError ? (
        <LoadFailedAlert title={t("owner.loadFailed")} error={answers.error} onRetry={() => answers.refetch()} />
      ) : (
        <>
          {scope.kind === "order" && <Requests orderId={scope.id} requests={answers.data.requests} />}
          <Favourites answers={answers.data} scope={scope} name={name} />
          <Stack gap="xs" component="section" aria-labelledby="answers-comments-title">
            <Title order={4} size="h5" id="answers-comments-title">
              {t("owner.commentsTitle", { count: answers.data.comments.length })}
            </Title>
            <CommentList
              comments={answers.data.comments}
              emptyText={t("owner.commentsEmpty")}
              showFrame
              kind={scope.kind}
              actions={(comment) => <CommentActions scope={scope} comment={comment} />}
            />
            <CommentForm
              label={t(scope.kind === "film" ? "owner.writeRoll" : "owner.writeOrder")}
              send={async (text) => {
                try {
                  await postOwnerComment(api, scope, { shot_id: null, text });
                  await queryClient.invalidateQueries({ queryKey: ownerAnswersKey(scope) });
                  return true;
                } catch (err) {
                  notifications.show({
                    closeButtonProps: { "aria-label": t("errors:dismiss") },
                    color: "red",
                    title: t("owner.actionFailed"),
                    message: errorText(err),
                  });
                  return false;
                }
              }}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
