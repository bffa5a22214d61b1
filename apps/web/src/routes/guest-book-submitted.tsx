import "../lib/messages/marketing";
import { publicHandle } from "../components/layouts/public-layout";
import { GuestBookSubmitted } from "../features/guest-book/components/guest-book-submitted";
import { useLanguageRevalidation } from "../features/marketing/hooks/use-language-revalidation";
import { seoMeta } from "../features/marketing/lib/seo";
import { pageSeo } from "../features/marketing/lib/seo.server";
import type { Route } from "./+types/guest-book-submitted";

export const handle = publicHandle;

export function loader({ request }: Route.LoaderArgs) {
  return pageSeo(request, {
    title: "marketing.seo.submittedTitle",
    description: "marketing.seo.guestBookDescription",
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
];

/** Guest-book confirmation (named route `guest-book-submitted`). */
export default function GuestBookSubmittedRoute({ loaderData }: Route.ComponentProps) {
  useLanguageRevalidation(loaderData.language);
  return <GuestBookSubmitted />;
}
