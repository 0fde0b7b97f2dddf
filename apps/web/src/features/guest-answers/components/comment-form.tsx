import { COMMENT_MAX } from "@latent/domain/guest-answers";
import { Button, Group, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

interface CommentFormProps {
  label: string;
  /** Resolves true once sent: the box empties; false keeps the text to send again. */
  send: (text: string) => Promise<boolean>;
  submitLabel?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A plain-text comment box (up to 1000 characters) with its send button; Ctrl+Enter sends too. */
export function CommentForm({ label, send, submitLabel, onCancel, autoFocus }: CommentFormProps) {
  const { t } = useTranslation("guestAnswers");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const empty = text.trim() === "";

  const submit = async () => {
    if (empty || sending) return;
    setSending(true);
    try {
      if (await send(text.trim())) setText("");
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Textarea
        label={label}
        value={text}
        maxLength={COMMENT_MAX}
        autosize
        minRows={2}
        maxRows={6}
        data-autofocus={autoFocus || undefined}
        autoFocus={autoFocus}
        description={text.length > COMMENT_MAX - 100 ? t("comments.left", { count: COMMENT_MAX - text.length }) : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <Group justify="flex-end" gap="xs" mt="xs">
        {onCancel && (
          <Button size="xs" variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
        )}
        <Button size="xs" type="submit" loading={sending} disabled={empty}>
          {submitLabel ?? t("comments.send")}
        </Button>
      </Group>
    </form>
  );
}
