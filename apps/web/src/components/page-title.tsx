import { useConfig } from "../config/use-config";

/** The document title ("Detail Order · PaxelBox"); React hoists it into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const config = useConfig();
  const brand = config.productBoxName;
  return <title>{!title ? brand : title.includes(brand) ? title : `${title} · ${brand}`}</title>;
}
