import { Textarea, type TextareaProps } from '@mantine/core';

/** The reason the server records when drivers are allocated although the hours check warns. */
export function HoursReasonField({
  onChange,
  ...props
}: Omit<TextareaProps, 'onChange' | 'label' | 'description'> & { onChange: (value: string) => void }) {
  return (
    <Textarea
      label="Reason to allocate anyway"
      description="Recorded with the job, with what the check said"
      required
      autosize
      minRows={2}
      maxLength={500}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...props}
    />
  );
}
