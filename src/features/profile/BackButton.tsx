import { Button } from "@/components/ui/Button";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { useGoBack } from "@/lib/useGoBack";

export function BackButton() {
  const goBack = useGoBack("/discover");
  return (
    <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2 self-start">
      <ArrowLeftIcon className="size-5" /> Back
    </Button>
  );
}
