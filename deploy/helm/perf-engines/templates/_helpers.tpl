{{/* The engines' name: the StatefulSet, the headless Service, the dns: name the controller uses. */}}
{{- define "perf-engines.name" -}}
{{- printf "%s-perf-engines" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "perf-engines.labels" -}}
app.kubernetes.io/name: perf-engines
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "perf-engines.selector" -}}
app.kubernetes.io/name: perf-engines
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: engine
{{- end -}}

{{/* The pod-level security context of engines and controller (restricted Pod Security Standard). */}}
{{- define "perf-engines.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurity.runAsUser }}
runAsGroup: {{ .Values.podSecurity.runAsGroup }}
fsGroup: {{ .Values.podSecurity.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The container-level security context: read-only root, no escalation, no capabilities. */}}
{{- define "perf-engines.containerSecurityContext" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The controller's results claim: the existing one, or the one the chart creates. */}}
{{- define "perf-engines.resultsClaim" -}}
{{- if .Values.controller.results.existingClaim -}}
{{- .Values.controller.results.existingClaim -}}
{{- else -}}
{{- printf "%s-results" (include "perf-engines.name" .) -}}
{{- end -}}
{{- end -}}

{{/* The keystore path, the same in engines and controller (JMeter ships it in its stubs). */}}
{{- define "perf-engines.keystore" -}}
{{- printf "%s/%s" .Values.rmi.mountPath .Values.rmi.keystoreKey -}}
{{- end -}}
