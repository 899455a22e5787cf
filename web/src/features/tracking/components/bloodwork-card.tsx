import { ArrowRight, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** Dashboard: the way to the labs page (product.md, Tracking). */
export function BloodworkCard() {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5">
            <FlaskConical aria-hidden="true" />
          </span>
          <CardTitle>Bloodwork and Tests</CardTitle>
        </div>
        <CardDescription>Upload a picture, pdf, or doc</CardDescription>
      </CardHeader>
      <CardContent className="grid flex-1 content-between gap-4">
        <p className="text-sm text-muted-foreground">Your lab reports are read for biomarkers, so you can follow them over time.</p>
        <Link to="/labs" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          Upload lab results <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
