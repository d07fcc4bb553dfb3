// A small "copy to clipboard" button that shows a check mark for 2 s after copying.
import { useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <Button
      size="sm"
      variant="ghost"
      iconOnly
      icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      aria-label={copied ? t`Copied` : label}
      title={copied ? t`Copied` : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
        } catch {
          // No clipboard permission: the value is on screen to select by hand.
        }
      }}
    />
  );
}
