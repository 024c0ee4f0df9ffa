import { InlineText } from "./inline-text.tsx";
import { NewTabLink } from "./new-tab-link.tsx";
import type { ClinicalFacts } from "../shared/content-types.ts";

/** The labels of the clinical role's parts, from the page's content. */
export interface ClinicalLabels {
  complaintsTitle: string;
  disputes: string;
}

/**
 * The lab's clinical role as site settings state it (decision 29): what its KPT does, then the complaints
 * procedure and the disputes body the Wkkgz asks of a care provider. Shown only when the settings hold it.
 */
export function ClinicalRole({
  facts,
  labels,
  headingLevel = 3,
}: {
  facts: ClinicalFacts;
  labels: ClinicalLabels;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="clinical-role">
      <p>
        <InlineText text={facts.kpt} />
      </p>
      <Heading className="mt-4 font-semibold text-deep">
        {labels.complaintsTitle}
      </Heading>
      <p className="mt-1">
        <InlineText text={facts.complaints} />
      </p>
      <p className="mt-2">
        {labels.disputes}{" "}
        <NewTabLink href={facts.disputesBody.url} className="link">
          {facts.disputesBody.name}
        </NewTabLink>
      </p>
    </div>
  );
}
