/**
 * The branch name OneDev gives an issue (spec/model.ts, IssueBranchName): the branch that already
 * carries its number, else one made from its number and title (DefaultIssueService.suggestBranch
 * without an AI model or a branch prefix; Issue.parseNumberFromBranch).
 */
const TITLE_CHARACTERS = 30;

/** The issue number a branch name carries: `issue-<digits>` at the start of its last segment, any case. */
export function numberOfBranch(branch: string): number | undefined {
  const segment = branch.slice(branch.lastIndexOf('/') + 1);
  const match = /^issue-(\d+)/i.exec(segment);
  return match ? Number(match[1]) : undefined;
}

/** `issue-<number>-<slug of the title>`, or `issue-<number>` for a title without letters or digits. */
export function suggestedBranch(number: number, title: string): string {
  const slug = title.replace(/[^a-zA-Z0-9]/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').toLowerCase();
  const cut = slug.slice(0, TITLE_CHARACTERS).replace(/-+$/, '');
  return cut === '' ? `issue-${number}` : `issue-${number}-${cut}`;
}

/** The issue's branch among `branches`, else the name to make. */
export function issueBranch(number: number, title: string, branches: readonly string[]): string {
  return branches.find((b) => numberOfBranch(b) === number) ?? suggestedBranch(number, title);
}
