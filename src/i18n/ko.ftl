# 사람이 읽는 글, 한국어. en.ftl의 메시지마다 같은 변수를 쓰는 한국어 메시지가 있어야 합니다
# (테스트가 확인합니다). 용어: 지원자, 공고, 지원서, 메모, 전형 단계.

candidates-count = 지원자 { $count }명

## 답변 검사 (답변 파일과 마법사). 따옴표가 필요한 값은 $value에 따옴표째 들어옵니다.

check-empty = 비어 있으면 안 됩니다
check-email = { $value }: 이메일 주소 형식이 아닙니다
check-phone = { $value }: 숫자가 없습니다
check-future = { $value }: 미래의 날짜입니다
check-negative = { $value }: 0 이상이어야 합니다
check-not-a-date = { $value }: 날짜 형식이 아닙니다. YYYY-MM-DD 형식으로 쓰세요 (예: 2021-03-15)
check-not-a-real-date = { $value }: 달력에 없는 날짜입니다. 월과 일을 확인하세요
check-not-a-year-month = { $value }: 연월 형식이 아닙니다. YYYY-MM 형식으로 쓰세요 (예: 2021-03)
check-end-before-start = 끝난 때({ $end })가 시작한 때({ $start })보다 앞섭니다
check-given-twice = { $value }: 두 번 들어 있습니다
check-not-a-choice = { $value }: 보기에 없는 값입니다. 보기: { $choices }
check-veteran-code = 숫자 2자리, 하이픈, 숫자 6자리(00-000000)여야 합니다. 받은 값: { $value }
check-url-no-path = { $value }: 주소에 경로가 없습니다
check-url-invalid = { $value }: 올바른 URL이 아닙니다: { $error }
check-path-scheme = { $value }: http(s) file_url이나 /로 시작하는 경로만 쓸 수 있습니다
check-path-not-uploaded = { $value }: 올린 파일의 경로가 아닙니다. 먼저 `recruit files upload { $file }`로 파일을 올리고, 출력된 경로를 쓰세요

## 답변을 말로 (보내는 값은 API의 값 그대로입니다).

word-yes = 예
word-no = 아니요
value-gender-male = 남성
value-gender-female = 여성
value-military-complete = 군필
value-military-incomplete = 미필
value-military-exemption = 면제
value-military-in-service = 복무 중
value-disability-mild = 경증
value-disability-serious = 중증
value-qualification-award = 자격증
value-qualification-certificate = 수상

noun-experience = 경력
noun-education = 학력
noun-qualification = 자격증·수상
noun-training = 교육
noun-language = 어학 시험

field-experience-company = 회사명
field-experience-start = 입사
field-experience-end = 퇴사
field-experience-current = 현재 재직 중인가요?
field-experience-type = 고용 형태
field-experience-position = 직급·직책
field-experience-department = 부서
field-experience-role = 담당 업무
field-education-school = 학교명
field-education-entered = 입학
field-education-graduated-at = 졸업
field-education-graduated = 졸업했나요?
field-education-major = 전공
field-qualification-kind = 구분 (자격증·수상)
field-qualification-name = 자격증명·수상명
field-qualification-institution = 발급 기관
field-qualification-date = 취득일
field-training-name = 교육명
field-training-institution = 교육 기관
field-training-start = 시작일
field-training-end = 종료일
field-language-language = 언어
field-language-test = 시험명
field-language-institution = 시험 기관
field-language-date = 응시일
field-grade = 점수·등급
field-details = 세부 내용

entry-span = { $start } – { $end }
entry-span-now = { $start } – 현재
summary-entries = { $count }건: { $entries }
summary-no-entries = (없음)

## forms apply 마법사.

wizard-applying = { $title } ({ $code }) 지원서 작성
wizard-deadline = 마감: { $deadline }
wizard-expired = 주의: 마감된 공고입니다. 지원서가 거절될 수 있습니다
wizard-not-open = 주의: 열려 있지 않은 공고입니다. 지원서가 거절될 수 있습니다
wizard-ctrl-c = Ctrl-C를 누르면 언제든 아무것도 보내지 않고 멈춥니다.
wizard-resumed = { $path }에서 이어서 작성합니다: 답변 { $kept }개를 불러왔고, 남은 질문은 { $left }개입니다.
wizard-unaskable = 참고: 질문 { $count }개는 이 도구로 보낼 수 없어(서비스가 질문 번호를 주지 않음) 건너뜁니다: { $names }
wizard-no-questions = 참고: 이 지원서에는 질문이 없습니다
wizard-privacy = 선택 항목 개인정보의 수집·이용에 동의하십니까?
wizard-privacy-item = 개인정보 수집·이용 동의: { $answer }
wizard-not-answered = 답하지 않음
wizard-optional = { $label } (선택)
wizard-short-answer = 답변
wizard-short-choose = 선택
wizard-skip = (건너뛰기: 답하지 않음)
wizard-applies = { $label }: 해당하십니까?

wizard-hint-date = (YYYY-MM-DD)
wizard-hint-months = (개월 수)
wizard-hint-comma = (쉼표로 구분)
wizard-hint-file = (올릴 파일, 또는 이미 올린 파일의 경로)
wizard-hint-tick = (스페이스로 표시, Enter로 확인)
wizard-hint-lines = (줄 끝에 \를 쓰면 다음 줄에 이어 씁니다)
wizard-hint-json = (유형 { $kind }: 답을 JSON 객체로)

wizard-refused = 오류:
wizard-required = 필수 항목입니다. 답을 입력하거나, Ctrl-C를 눌러 보내지 않고 멈추세요.
wizard-answer-again = { $problem }. 다시 답해 주세요.
wizard-not-a-number = { $value }: 정수가 아닙니다. 숫자만 입력하세요 (예: 6000).
wizard-not-json = JSON이 아닙니다: { $error }.
wizard-not-json-object = 답은 JSON 객체여야 합니다.
wizard-choose-one = 하나 이상 골라야 합니다. 스페이스로 표시한 뒤 Enter를 누르세요.
wizard-file-is-dir = { $path }: 파일이 아니라 폴더입니다. 파일을 지정하세요.
wizard-no-such-file = { $path }: 그런 파일이 없습니다. 경로를 확인하거나, 이미 올린 파일의 /경로를 쓰세요.
wizard-veteran-code-shape = { $value }: 보훈 번호 형식이 아닙니다. 숫자 2자리, 하이픈, 숫자 6자리로 입력하세요 (00-000000).

wizard-another-file = { $label }: 다른 파일
wizard-add-another-file = 파일을 더 추가할까요?
wizard-another-link = { $label }: 다른 링크
wizard-add-another-link = 링크를 더 추가할까요?
wizard-uploading = { $path } 올리는 중...
wizard-uploaded = 올림: { $path }
wizard-upload-failed = 올리지 못했습니다: { $error }. 다시 시도하거나 다른 파일을 지정하세요.

wizard-military-status = 병역 구분
wizard-veteran-code = 보훈 번호, 00-000000 (선택)
wizard-disability-type = 장애 유형 (선택)
wizard-disability-severity = 장애 정도

wizard-group-add-first = { $label }: 항목을 추가할까요?
wizard-group-add-another = { $noun } 항목을 더 추가할까요?
wizard-group-required = { $noun } 항목을 하나 이상 입력해야 합니다. 첫 칸을 채워 주세요.
wizard-group-keep-one = { $noun } 항목이 하나 이상 있어야 해서 하나뿐인 항목은 지울 수 없습니다. 대신 고쳐 주세요.
wizard-entry-number = { $noun } { $number }
wizard-entry-leave = { $prompt } (비워 두면 이 항목은 추가하지 않음)
wizard-field-dated = { $label } ({ $shape })
wizard-field-dated-optional = { $label } ({ $shape }, 선택)
wizard-group-what = 이 항목들을 그대로 둘까요, 고칠까요?
wizard-group-keep = 이대로 두기 ({ $count }건)
wizard-group-edit = 항목 고치기
wizard-group-delete = 항목 지우기
wizard-group-add = 항목 추가
wizard-group-which-edit = 어느 항목을 고칠까요?
wizard-group-which-delete = 어느 항목을 지울까요?
wizard-group-deleted = 지움: { $line }

review-question = 질문
review-answer = 답변
review-privacy = 개인정보 수집·이용 동의
review-not-answered = 답하지 않은 질문: { $orders }

wizard-what-next = 다음으로 무엇을 할까요?
wizard-submit = { $code } 공고에 이 지원서를 제출할까요?
wizard-submit-titled = { $code } ({ $title }) 공고에 이 지원서를 제출할까요?
wizard-change = 답변 고치기
wizard-cancel = 취소 (아무것도 보내지 않음)
wizard-which-answer = 어느 답변을 고칠까요?
wizard-saved = 답변을 { $path }에 저장했습니다
wizard-save-failed = 주의: 답변을 { $path }에 쓸 수 없습니다: { $error }
wizard-cancelled = 취소했습니다. 아무것도 보내지 않았습니다.
wizard-nothing-sent = 아무것도 보내지 않았습니다.
wizard-kept = 지금까지의 답변은 { $path }에 있습니다. `recruit forms apply { $code } --resume { $path }`로 이어서 작성할 수 있습니다.
wizard-not-kept = 다음에 답변을 남기려면 --save FILE을 붙이세요. 그러면 `recruit forms apply { $code } --resume FILE`로 이어서 작성할 수 있습니다.
wizard-terminal-failed = 터미널에서 답을 읽을 수 없습니다: { $error }
