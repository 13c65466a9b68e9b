import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** What stands under the box, such as a character count or why an edit was refused. */
  children?: ReactNode;
}

/** A text box under its label, as the tweet composer and the meme generator write their text. */
export function TextAreaField({ label, children, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea id={id} {...textarea} />
      {children}
    </div>
  );
}
