import type { User } from '#contract/auth.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { ExportSection } from './export-section.tsx';
import { ImportSection } from './import-section.tsx';
import { SharesSection } from './shares-section.tsx';

/** The profile's "Your data" card: the privacy policy's access, portability and deletion, in one place. */
export function YourDataCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>It is yours: take it with you, share it with your doctor, or delete it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ExportSection timeZone={user.timeZone} />
        <ImportSection />
        <SharesSection />
        <DeleteAccountSection user={user} />
      </CardContent>
    </Card>
  );
}
