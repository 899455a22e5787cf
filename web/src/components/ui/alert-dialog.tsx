import { AlertDialog as AlertPrimitive } from 'radix-ui';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { buttonVariants } from './button.tsx';
import { RememberOpener, useReturnFocus } from './return-focus.tsx';

/** A confirmation that needs an answer (role="alertdialog"): focus starts on Cancel. */
export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: ComponentProps<typeof AlertPrimitive.Content>) {
  const { opener, onCloseAutoFocus } = useReturnFocus(props.onCloseAutoFocus);
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
      <AlertPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-surface p-6 text-foreground shadow-lg focus:outline-none',
          className,
        )}
        {...props}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <RememberOpener into={opener} />
        {props.children}
      </AlertPrimitive.Content>
    </AlertPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertPrimitive.Description>) {
  return <AlertPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertPrimitive.Cancel>) {
  return <AlertPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />;
}

export function AlertDialogAction({ className, ...props }: ComponentProps<typeof AlertPrimitive.Action>) {
  return <AlertPrimitive.Action className={cn(buttonVariants({ variant: 'destructive' }), className)} {...props} />;
}

type ConfirmDialogProps = {
  title: ReactNode;
  question: ReactNode;
  /** The action's button; the product's confirmations say "Delete" unless they remove from a list. */
  action?: string;
  onConfirm: () => void;
  /** More about what the action takes with it, under the question. */
  children?: ReactNode;
} & ({ trigger: ReactElement; open?: undefined; onOpenChange?: undefined } | { trigger?: undefined; open: boolean; onOpenChange: (open: boolean) => void });

/** The product's confirmation before something is removed: the question, Cancel (focused first) and the action. */
export function ConfirmDialog({ title, question, action = 'Delete', onConfirm, children, trigger, open, onOpenChange }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{question}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{action}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
