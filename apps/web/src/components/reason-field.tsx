import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * The reason the server records when an allocation goes ahead although a check refused it (hours,
 * compliance, a series' dates): one field, the same words and limits wherever it is asked.
 */
export function ReasonField({
  onChange,
  description = 'Recorded in Reports → Overrides and on the job, with what the check said',
  ...props
}: Omit<TextareaProps, 'onChange' | 'label'> & { onChange: (value: string) => void }) {
  return (
    <Textarea
      label="Reason to allocate anyway"
      description={description}
      required
      autosize
      minRows={2}
      maxLength={500}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...props}
    />
  );
}

/** The job form's hours reason, beside the slot whose driver the hours check warns about. */
export function HoursReasonField(
  props: Omit<TextareaProps, 'onChange' | 'label' | 'description'> & {
    onChange: (value: string) => void;
  },
) {
  return <ReasonField description="Recorded with the job, with what the check said" {...props} />;
}
