import type { PublicComment } from "@latent/domain/guest-answers";
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { threads } from "../public/answer-groups.ts";

type ListedComment = Omit<PublicComment, "mine"> & { mine?: boolean; hidden?: boolean };

interface CommentListProps<C extends ListedComment> {
  comments: readonly C[];
  /** Shown when there is none. */
  emptyText: string;
  /** The frame a comment is about, where the list mixes frames (the owner's list). */
  showFrame?: boolean;
  /** The owner's buttons under a comment (reply, hide, delete). */
  actions?: (comment: C) => ReactNode;
  /** A roll's comments or an order's: the whole-order comments and the lab's own read so. */
  kind: "film" | "order";
}

function CommentItem<C extends ListedComment>({
  comment,
  showFrame,
  actions,
  kind,
}: { comment: C } & Pick<CommentListProps<C>, "showFrame" | "actions" | "kind">) {
  const { t, i18n } = useTranslation("guestAnswers");
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(comment.created_at));
  return (
    <Paper withBorder p="xs" radius="sm" component="article" opacity={comment.hidden ? 0.7 : 1}>
      <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {comment.author}
          </Text>
          {comment.from_owner && (
            <Badge size="xs" variant="light" color="latent" c="dark.7">
              {t(kind === "film" ? "comments.fromOwner" : "comments.fromLab")}
            </Badge>
          )}
          {comment.mine && (
            <Badge size="xs" variant="light" color="gray" c="dark.7">
              {t("comments.mine")}
            </Badge>
          )}
          {comment.hidden && (
            <Badge size="xs" variant="light" color="orange" c="dark.7">
              {t("comments.hidden")}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={comment.created_at}>
          {when}
        </Text>
      </Group>
      {showFrame && (
        <Text size="xs" c="dimmed">
          {comment.frame === null
            ? t(kind === "film" ? "comments.onRoll" : "comments.onOrder")
            : t("comments.onFrame", { frame: comment.frame })}
        </Text>
      )}
      {/* Plain text as it was typed: React escapes it, the line breaks stay. */}
      <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {comment.text}
      </Text>
      {actions?.(comment)}
    </Paper>
  );
}

/** Comments as conversations, each reply beneath the comment it answers. */
export function CommentList<C extends ListedComment>({ comments, emptyText, showFrame, actions, kind }: CommentListProps<C>) {
  if (comments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {threads(comments).map((thread) => (
        <li key={thread.comment.id}>
          <CommentItem comment={thread.comment} showFrame={showFrame} actions={actions} kind={kind} />
          {thread.replies.length > 0 && (
            <Stack gap={4} mt={4} ml="lg" component="ul" style={{ listStyle: "none", padding: 0 }}>
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} actions={actions} kind={kind} />
                </li>
              ))}
            </Stack>
          )}
        </li>
      ))}
    </Stack>
  );
}
