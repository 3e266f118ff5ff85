// The modal frame every popup uses: React Aria's ModalOverlay/Modal/Dialog give the focus
// trap, Esc and outside-click to close, focus restored to the opener and the page behind
// hidden from screen readers. The DOM id (the spec's #login-ap, #register-ap,
// #support-overlay) is on the dialog element. Pages use it through PopupDialog.tsx, which
// loads this module the first time a popup opens (React Aria stays out of a page's first load).
import type { ReactNode } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { CloseIcon } from "./icons.tsx";
import { AriaLocale } from "./AriaLocale.tsx";

export type PopupDialogProps = {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: "md" | "lg";
  footer?: ReactNode;
};

export function PopupFrame({ id, title, subtitle, isOpen, onClose, children, size = "md", footer }: PopupDialogProps) {
  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        isDismissable
        className="fixed inset-0 z-50 overflow-y-auto bg-slate-950/55 backdrop-blur-[2px] data-[entering]:animate-fade-in motion-reduce:animate-none"
      >
        <div className="flex min-h-full items-start justify-center p-3 sm:items-center sm:p-6">
          <Modal
            className={`w-full ${size === "lg" ? "max-w-2xl" : "max-w-md"} rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/5 data-[entering]:animate-pop-in motion-reduce:animate-none`}
          >
            <Dialog id={id} className="relative outline-none">
              <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 pt-5 pb-4 sm:px-7 sm:pt-6">
                <div>
                  <Heading slot="title" className="text-xl font-bold tracking-tight text-slate-900">
                    {title}
                  </Heading>
                  {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
                </div>
                <Button
                  aria-label={m.popup_close()}
                  onPress={onClose}
                  className="-mt-2 -mr-3 rounded-lg p-3 text-slate-500 sm:-mt-1 sm:-mr-2 sm:p-2 transition-colors hover:bg-slate-100 hover:text-slate-800 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-600"
                >
                  <CloseIcon />
                </Button>
              </div>
              <div className="popup-body px-5 py-5 sm:px-7 sm:py-6">{children}</div>
              {footer && <div className="rounded-b-2xl border-t border-slate-100 bg-slate-50 px-5 py-4 text-sm text-slate-600 sm:px-7">{footer}</div>}
            </Dialog>
          </Modal>
        </div>
      </ModalOverlay>
    </AriaLocale>
  );
}
