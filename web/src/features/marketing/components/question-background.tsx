import { useState } from 'react';
import { SAMPLE_QUESTIONS } from '../marketing-content.ts';
import { buildQuestionRows } from '../utils/question-rows.ts';

/**
 * The auth page's rotating background: 12 rows of sample questions drifting sideways, every other
 * row the other way. Decoration only, hidden from assistive technology; still under reduced motion.
 */
export function QuestionBackground() {
  const [rows] = useState(() => buildQuestionRows(SAMPLE_QUESTIONS));
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden select-none">
      <div className="flex h-full flex-col justify-around gap-3 py-4 opacity-70">
        {rows.map((row, index) => (
          <div key={index} className="flex overflow-hidden">
            <div
              className={`flex shrink-0 gap-3 pr-3 motion-reduce:animate-none ${index % 2 === 0 ? 'animate-marquee' : 'animate-marquee-reverse'}`}
            >
              {[...row, ...row, ...row, ...row].map((question, i) => (
                <span
                  key={i}
                  className="rounded-full border border-primary/10 bg-surface/80 px-4 py-2 text-sm whitespace-nowrap text-muted-foreground shadow-xs"
                >
                  {question}
                </span>
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="absolute inset-0 bg-gradient-to-b from-background/75 via-background/85 to-background/95" />
    </div>
  );
}
