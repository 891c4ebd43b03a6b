import { useCallback } from "react";
import { useNavigate } from "react-router-dom";

/**
 * Goes back one page, or to `fallback` when this page was opened directly
 * (no earlier page of the app in this tab's history).
 */
export function useGoBack(fallback: string = "/"): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(fallback, { replace: true }));
  }, [navigate, fallback]);
}
