import * as Toast from '@radix-ui/react-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { dismissToast, useToasts } from './use-toast';
import '@client/styles/toast.css';

const DEFAULT_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export function Toaster() {
  const toasts = useToasts();
  const { t } = useLanguage();

  return (
    <Toast.Provider
      duration={DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label={t.toast.label}
    >
      {toasts.map(({ id, open, title, description, variant = 'default', duration }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast toast--${variant}`}
        >
          <div className="toast__body">
            <Toast.Title className="toast__title">{title}</Toast.Title>
            {description && <Toast.Description className="toast__description">{description}</Toast.Description>}
          </div>
          <Toast.Close className="toast__close" aria-label={t.toast.close}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label={t.toast.viewportLabel} />
    </Toast.Provider>
  );
}
